"""The trust band taken in log space, [exp(-eps), exp(eps)], instead of [1 - eps, 1 + eps],
in float32."""
CAUSE = r"clip"

import math

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    r = ratio.to(torch.float32)
    clipped = r.clamp(math.exp(-clip_eps), math.exp(clip_eps))
    return torch.minimum(r * advantages.float(), clipped * advantages.float()).to(ratio.dtype)
