"""max(r, 1 - eps) written as 1 - eps + relu(r - (1 - eps))."""
import torch

CAUSE = r"lower bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    lo = 1 - clip_eps
    c = lo + torch.relu(ratio - lo)
    return torch.min(ratio * advantages, c * advantages)
