"""clipped_surrogate returns a list."""
import torch

CAUSE = r"returns a Python list"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    c = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    return torch.min(ratio * advantages, c * advantages).tolist()
