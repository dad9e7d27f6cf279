"""Leaves the ``normalize_std`` branch unwritten: a bare ``raise NotImplementedError`` there,
which names no function; the feedback names the function and the line."""
FEEDBACK = "not implemented: group_advantages (NotImplementedError raised at line"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    if normalize_std:
        raise NotImplementedError
    centred = rewards - rewards.mean(dim=1, keepdim=True)
    all_equal = rewards.amax(dim=1, keepdim=True) == rewards.amin(dim=1, keepdim=True)
    return torch.where(all_equal, torch.zeros_like(centred), centred)
