"""group_advantages from a GRPO objective module's ``normalize_group_rewards``: the rewards are
viewed as groups and always standardised, ``(r - mean) / (population std + eps)``: there is no
way to ask for the mean-only advantages.

Source: code-search file 57975538757, ``def normalize_group_rewards(rewards, group_size, eps=1e-4):
if rewards.numel() % group_size: raise ValueError(...); groups = rewards.view(-1, group_size);
return ((groups - groups.mean(dim=1, keepdim=True)) / (groups.std(dim=1, keepdim=True,
unbiased=False) + eps)).view(-1)``. Ported: ``group_size`` is G; the contract's ``eps`` is passed
as ``eps``; the result keeps the ``(P, G)`` shape; ``normalize_std`` is received and unused.
"""
SOURCE = "code-search file 57975538757"
KIND = "grpo: always standardised"
CAUSE = r"normali[sz]|standardi[sz]|std|standard deviation|divid|z.?score"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, group_size = rewards.shape
    flat = rewards.reshape(-1)
    if flat.numel() % group_size:
        raise ValueError("reward count must be divisible by group_size")
    groups = flat.view(-1, group_size)
    out = ((groups - groups.mean(dim=1, keepdim=True)) / (groups.std(dim=1, keepdim=True, unbiased=False) + eps)).view(-1)
    return out.view(P, group_size)
