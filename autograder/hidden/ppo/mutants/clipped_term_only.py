"""Returns only the clipped term, without the min against the unclipped one (the same answer
as code that clips the ratio first and then takes the min of two clipped terms)."""
HINT = ("you returned only the clipped term (the unclipped r * A never enters: it is left out, "
        "or the ratio is clipped before both terms of the min); PPO takes the min of the "
        "clipped term and the unclipped r * A")

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
