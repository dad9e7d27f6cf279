"""Takes the mean over dim 0 (across prompts), the rest right: the std per group and the
all-equal guard, as a solution that only mistyped the mean's dim writes it."""
HINT = "a group is a ROW (one prompt's G responses): take the mean over dim 1, not dim 0"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(dim=0, keepdim=True)
    if normalize_std:
        std = rewards.std(dim=1, unbiased=False, keepdim=True)
        centred = centred / (std + eps)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, torch.zeros_like(centred), centred)
