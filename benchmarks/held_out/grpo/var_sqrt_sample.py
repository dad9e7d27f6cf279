"""group_advantages divides by var(dim=1).sqrt(): torch's var is the sample variance."""
CAUSE = r"sample standard deviation|n - 1|G - 1"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    mu = rewards.mean(1, keepdim=True)
    adv = rewards - mu
    if normalize_std:
        adv = adv / (rewards.var(1, keepdim=True).sqrt() + eps)
    flat = (rewards == rewards[:, :1]).all(dim=1, keepdim=True)
    return adv.masked_fill(flat, 0.0)
