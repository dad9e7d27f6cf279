"""Divides by the bare std: 0 / 0 for an all-equal group."""
HINT = "an all-equal group has std 0: add eps to the std before dividing"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / rewards.std(dim=1, unbiased=False, keepdim=True)
    return centred
