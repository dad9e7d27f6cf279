"""torch.clip to [exp(-eps), exp(eps)]."""
import math

import torch

CAUSE = r"log space"


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    c = torch.clip(ratio, min=math.exp(-clip_eps), max=math.exp(clip_eps))
    return torch.min(ratio * advantages, c * advantages)
