"""The sign form with its branches swapped: the lower clip for A >= 0, the upper for A < 0."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    upper = torch.minimum(ratio, torch.full_like(ratio, 1 + clip_eps)) * advantages
    lower = torch.maximum(ratio, torch.full_like(ratio, 1 - clip_eps)) * advantages
    return torch.where(advantages < 0, upper, lower)
