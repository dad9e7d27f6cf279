"""All-equal groups found by std == 0: in float32, mean() of (0.8848, 0.8848, 0.8848) misses
0.8848 by a rounding error, and so std() is not 0 (torch.std_mean's one-pass kernel would be)."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    mean = rewards.mean(dim=1, keepdim=True)
    std = rewards.std(dim=1, unbiased=False, keepdim=True)
    adv = rewards - mean
    if normalize_std:
        adv = adv / (std + eps)
    return torch.where(std == 0, torch.zeros_like(adv), adv)
