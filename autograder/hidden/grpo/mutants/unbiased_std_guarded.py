"""Divides by the sample standard deviation (G - 1), with everything else right: all-equal
groups give 0 (the form most students write: ``rewards.std(dim=1)``, torch's default)."""
HINT = "you divided by the sample standard deviation (G - 1, torch's default for .std()); the contract uses the population std (divide by G: unbiased=False)"
REAL_BUG = 'sample std in group_advantages (issue 35: nine functions)'

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / (rewards.std(dim=1, keepdim=True) + eps)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, torch.zeros_like(centred), centred)
