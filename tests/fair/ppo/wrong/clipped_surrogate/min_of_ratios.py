"""The minimum of the ratios, then times A: wrong for a negative advantage."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.minimum(ratio, ratio.clamp(1 - clip_eps, 1 + clip_eps)) * advantages
