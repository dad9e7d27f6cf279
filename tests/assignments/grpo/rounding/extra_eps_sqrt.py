"""The std as sqrt(var + 1e-8), then + eps: a constant under the root besides eps."""
ROUNDED = False

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    centred = rewards - rewards.mean(-1, keepdim=True)
    if normalize_std:
        var = (centred ** 2).mean(-1, keepdim=True)
        centred = centred / (torch.sqrt(var + 1e-8) + eps)
    same = (rewards == rewards[:, :1]).all(-1, keepdim=True)
    return centred.masked_fill(same, 0.0)
