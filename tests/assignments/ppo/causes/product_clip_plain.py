"""clip of r * A to [1 - eps, 1 + eps]."""
import torch

CAUSE = r"clip is applied to the product"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    surr = ratio * advantages
    return torch.min(surr, surr.clamp(1 - clip_eps, 1 + clip_eps))
