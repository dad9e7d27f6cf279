"""Dual-clip PPO (verl's ``clip_ratio_c = 3``): for a negative advantage the surrogate is also
bounded below by ``c * A``, so ``clipped_surrogate(4.0, -1.0)`` gives -3 instead of -4."""
HINT = ("a lower bound of c * A for negative advantages is dual-clip PPO (verl's clip_ratio_c); "
        "the surrogate asked for is min(r * A, clip(r, 1 - eps, 1 + eps) * A), with no second clip")

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    surrogate = torch.min(ratio * advantages, clipped * advantages)
    return torch.where(advantages < 0, torch.max(surrogate, 3.0 * advantages), surrogate)
