"""Returns only the clipped term, without the min against the unclipped one."""
HINT = "you returned only the clipped term; PPO takes the min of it and the unclipped r * A"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
