"""Correct: the product clamped between its bounds in the right order."""
import torch

CAUSE = r"$^"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    s = ratio * advantages
    lo, hi = (1 - clip_eps) * advantages, (1 + clip_eps) * advantages
    return torch.min(s, torch.max(torch.min(s, torch.max(lo, hi)), torch.min(lo, hi)))
