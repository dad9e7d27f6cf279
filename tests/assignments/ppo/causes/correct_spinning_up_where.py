"""Correct: Spinning Up's min(r A, where(A > 0, (1 + eps) A, (1 - eps) A))."""
import torch

CAUSE = r"$^"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    bound = torch.where(advantages > 0, (1 + clip_eps) * advantages, (1 - clip_eps) * advantages)
    return torch.min(ratio * advantages, bound)
