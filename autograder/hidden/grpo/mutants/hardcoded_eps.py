"""Ignores the ``eps`` argument and always adds 1e-6 (hard-coded where the default is)."""
FEEDBACK = "gives, not the eps = 0.5 passed in"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        std = rewards.std(dim=1, unbiased=False, keepdim=True)
        centred = centred / (std + 1e-6)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, torch.zeros_like(centred), centred)
