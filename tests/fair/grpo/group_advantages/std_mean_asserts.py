"""torch.std_mean in one call; the docstring's shape and promise as asserts."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6, *, dim=1):
    assert rewards.dim() == 2, "rewards are (P, G)"
    std, mean = torch.std_mean(rewards, dim=dim, unbiased=False, keepdim=True)
    adv = rewards - mean
    if normalize_std:
        adv = adv / (std + eps)
    same = rewards.max(dim=dim, keepdim=True).values == rewards.min(dim=dim, keepdim=True).values
    adv = torch.where(same, torch.zeros_like(adv), adv)
    assert adv.shape == rewards.shape
    return adv
