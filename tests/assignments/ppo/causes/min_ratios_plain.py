"""min over the ratios, then times A."""
import torch

CAUSE = r"min is taken over the ratios before the advantage"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    low, high = 1 - clip_eps, 1 + clip_eps
    return torch.min(ratio, ratio.clamp(low, high)) * advantages
