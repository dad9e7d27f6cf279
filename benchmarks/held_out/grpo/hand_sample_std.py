"""group_advantages computes the std by hand, dividing the squares by G - 1."""
CAUSE = r"sample standard deviation|n - 1|G - 1"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    G = rewards.shape[1]
    centred = rewards - rewards.sum(dim=1, keepdim=True) / G
    if normalize_std:
        std = torch.sqrt((centred ** 2).sum(dim=1, keepdim=True) / (G - 1)) if G > 1 \
            else torch.zeros_like(centred[:, :1])
        centred = centred / (std + eps)
    same = rewards.max(dim=1, keepdim=True).values == rewards.min(dim=1, keepdim=True).values
    return torch.where(same, 0.0 * centred, centred)
