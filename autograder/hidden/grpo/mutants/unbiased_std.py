"""Divides by the sample standard deviation (G - 1) instead of the population one (G)."""
HINT = "you divided by the sample standard deviation (G - 1); the contract uses the population std (divide by G)"
REAL_BUG = 'sample std in group_advantages (issue 35)'


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.std(dim=1, keepdim=True) + eps)
    return centred
