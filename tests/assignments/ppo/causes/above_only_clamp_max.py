"""clamp(r, max=1 + eps): a ratio below the band is never clipped."""
import torch

CAUSE = r"upper bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.min(ratio * advantages, torch.clamp(ratio, max=1 + clip_eps) * advantages)
