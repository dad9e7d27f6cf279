"""By the sign of the advantage: the upper clip binds for A >= 0, the lower for A < 0."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    upper = torch.minimum(ratio, torch.full_like(ratio, 1 + clip_eps)) * advantages
    lower = torch.maximum(ratio, torch.full_like(ratio, 1 - clip_eps)) * advantages
    return torch.where(advantages >= 0, upper, lower)
