"""Normalises by the std of the whole batch instead of each group's."""
HINT = "you divided by the std of the whole batch; each group uses its own std"


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.std(unbiased=False) + eps)
    return centred
