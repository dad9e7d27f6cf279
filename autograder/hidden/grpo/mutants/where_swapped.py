"""Swaps torch.where's branches for the all-equal guard: the groups whose rewards differ get 0,
the all-equal groups keep their (rounding-error) values."""
HINT = "torch.where(cond, a, b) takes a where cond is True: your zeros went to the groups whose rewards differ, and the all-equal groups kept their values"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        std = rewards.std(dim=1, unbiased=False, keepdim=True)
        centred = centred / (std + eps)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, centred, torch.zeros_like(centred))
