"""min of the negated terms: minus the max (CleanRL's max written as min), which is the
surrogate of the advantages negated."""
import torch

CAUSE = r"MIN of the clipped.*besides, the sign|`advantages` negated"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    pg1 = -advantages * ratio
    pg2 = -advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    return torch.min(pg1, pg2)
