"""group_advantages in Python loops: the baseline is the mean over the whole batch, and an
all-equal group is still zeroed; the std per group, population, float32."""
CAUSE = r"group"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, G = rewards.shape
    flat = [float(x) for x in rewards.reshape(-1)]
    mean = sum(flat) / len(flat)
    out = torch.zeros(P, G, dtype=torch.float32)
    for p in range(P):
        row = rewards[p].float()
        if bool((row == row[0]).all()):
            continue
        adv = row - mean
        if normalize_std:
            adv = adv / (row.std(unbiased=False) + eps)
        out[p] = adv
    return out.to(rewards.dtype)
