"""Subtracts the mean of the whole batch instead of each group's own mean."""
HINT = "you subtracted the mean of the whole batch instead of each group's mean"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean()
    if normalize_std:
        centred = centred / (rewards.std(dim=1, unbiased=False, keepdim=True) + eps)
    return centred
