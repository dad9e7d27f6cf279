"""The group mean as a sum over (G + 1e-9) and the variance over (G + 1e-9): constants in two
denominators."""
ROUNDED = False

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    G = rewards.shape[1]
    mean = rewards.sum(dim=1, keepdim=True) / (G + 1e-9)
    centred = rewards - mean
    if normalize_std:
        var = (centred ** 2).sum(dim=1, keepdim=True) / (G + 1e-9)
        centred = centred / (var.sqrt() + eps)
    same = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(same, torch.zeros_like(centred), centred)
