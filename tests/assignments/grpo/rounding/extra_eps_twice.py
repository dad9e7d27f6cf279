"""std + 1e-8, then + eps again: an extra constant in the denominator."""
ROUNDED = False

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        std = rewards.std(dim=1, unbiased=False, keepdim=True) + 1e-8
        centred = centred / (std + eps)
    same = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(same, torch.zeros_like(centred), centred)
