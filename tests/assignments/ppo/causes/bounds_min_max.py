"""the clamp written as min(max(s, lo), hi) with the bounds (1 -+ eps) A."""
import torch

CAUSE = r"clamps the product r \* A between"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    s = ratio * advantages
    lo, hi = (1 - clip_eps) * advantages, (1 + clip_eps) * advantages
    return torch.min(s, torch.min(torch.max(s, lo), hi))
