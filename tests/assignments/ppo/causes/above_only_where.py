"""torch.where caps the ratio above 1 + eps only."""
import torch

CAUSE = r"upper bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    capped = torch.where(ratio > 1 + clip_eps, torch.full_like(ratio, 1 + clip_eps), ratio)
    return torch.minimum(ratio * advantages, capped * advantages)
