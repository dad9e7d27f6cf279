"""The band [exp(-eps), exp(eps)] from math.exp."""
import math

import torch

CAUSE = r"log space"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    lo, hi = math.exp(-clip_eps), math.exp(clip_eps)
    return torch.minimum(ratio * advantages, ratio.clamp(lo, hi) * advantages)
