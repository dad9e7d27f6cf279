"""The whole computation in float32 (rewards.float()), cast back at the end."""
ROUNDED = True

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    r = rewards.float()
    centred = r - r.mean(dim=1, keepdim=True)
    if normalize_std:
        centred = centred / (r.std(dim=1, unbiased=False, keepdim=True) + eps)
    same = r.amax(dim=1, keepdim=True) == r.amin(dim=1, keepdim=True)
    return torch.where(same, torch.zeros_like(centred), centred).to(rewards.dtype)
