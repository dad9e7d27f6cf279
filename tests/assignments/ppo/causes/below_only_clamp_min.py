"""clamp(r, min=1 - eps)."""
import torch

CAUSE = r"lower bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.min(ratio * advantages, torch.clamp(ratio, min=1 - clip_eps) * advantages)
