"""A correct ``clipped_surrogate`` written as CleanRL writes the loss (the max of the negated
terms), negated back."""
CAUSE = r"$^"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    pg1 = -advantages * ratio
    pg2 = -advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    return -torch.max(pg1, pg2)
