"""Divides by sqrt(var + eps) instead of std + eps."""
HINT = "eps goes outside the square root: divide by (std + eps), not sqrt(var + eps)"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.var(dim=1, unbiased=False, keepdim=True) + eps).sqrt()
    return centred
