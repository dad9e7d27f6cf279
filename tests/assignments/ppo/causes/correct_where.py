"""Correct: the surrogate with torch.where on the sign of A."""
import torch

CAUSE = r"$^"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    bound = torch.where(advantages >= 0, torch.clamp(ratio, max=1 + clip_eps),
                        torch.clamp(ratio, min=1 - clip_eps))
    return bound * advantages
