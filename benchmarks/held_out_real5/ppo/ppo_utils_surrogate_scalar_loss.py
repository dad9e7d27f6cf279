"""clipped_surrogate that returns the negated MEAN of the clipped objective (a scalar loss to
minimise) instead of the elementwise ``min(r * A, clip(r) * A)`` the contract asks for.

Source: code-search file 55847717752, a small PPO utilities module: ``def
clipped_surrogate(ratio, advantages, clip_eps=0.2): "PPO clipped surrogate loss (scalar tensor
to minimize)"; return -torch.min(ratio * advantages, torch.clip(ratio, 1 - clip_eps, 1 +
clip_eps) * advantages).mean()``. Ported unchanged (same signature).
"""
SOURCE = "code-search file 55847717752 (PPO utilities clipped_surrogate, -mean scalar loss)"
KIND = "ppo: surrogate reduced and negated"
CAUSE = r"scalar|reduc|\bmean\b|averag|elementwise|per.element|shape|negat|sign|loss instead"

import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    return -torch.min(
        ratio * advantages,
        torch.clip(ratio, 1 - clip_eps, 1 + clip_eps) * advantages,
    ).mean()
