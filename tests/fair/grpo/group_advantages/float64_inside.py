"""float64 inside, cast back; all-equal groups found by comparing with their first reward."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    r = rewards.to(torch.float64)
    adv = r - r.mean(dim=1, keepdim=True)
    if normalize_std:
        adv = adv / (r.std(dim=1, correction=0, keepdim=True) + eps)
    equal = (r == r[:, :1]).all(dim=1, keepdim=True)
    return adv.masked_fill(equal, 0.0).to(rewards.dtype)
