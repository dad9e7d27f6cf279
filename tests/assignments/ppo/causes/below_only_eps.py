"""Lower clip only, with an extra epsilon in the bound."""
import torch

CAUSE = r"lower bound only"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    lo = 1.0 - clip_eps + 1e-9
    return torch.min(ratio * advantages, ratio.clamp_min(lo) * advantages)
