"""torch.minimum against a 0-d tensor 1 + eps: no lower bound."""
import torch

CAUSE = r"upper bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    top = torch.tensor(1.0 + clip_eps, dtype=ratio.dtype)
    return torch.minimum(ratio * advantages, torch.minimum(ratio, top) * advantages)
