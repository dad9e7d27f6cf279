"""band [0.9, 1.1] written as numbers."""
import torch

CAUSE = r"clip uses eps 0\.1"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.min(ratio * advantages, torch.clamp(ratio, 0.9, 1.1) * advantages)
