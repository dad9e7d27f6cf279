"""band [0.7, 1.3] with torch.where."""
import torch

CAUSE = r"clip uses eps 0\.3"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clipped = torch.where(ratio > 1.3, torch.tensor(1.3, dtype=ratio.dtype), ratio)
    clipped = torch.where(clipped < 0.7, torch.tensor(0.7, dtype=ratio.dtype), clipped)
    return torch.minimum(ratio * advantages, clipped * advantages)
