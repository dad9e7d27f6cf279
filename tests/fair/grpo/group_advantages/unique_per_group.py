"""A loop over the groups; torch.unique tells a group whose rewards are all equal."""
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    out = torch.zeros_like(rewards)
    for p, group in enumerate(rewards):
        if torch.unique(group).numel() == 1:
            continue
        centred = group - group.mean()
        if normalize_std:
            centred = centred / (torch.sqrt(((group - group.mean()) ** 2).mean()) + eps)
        out[p] = centred
    return out
