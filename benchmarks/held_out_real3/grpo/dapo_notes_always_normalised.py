"""group_advantages that always divides by the group's population standard deviation plus
``eps``, whatever ``normalize_std`` says: right when normalisation is asked for, scaled when only
the mean should be removed.

Source: code-search file 71133619738 (a GRPO/DAPO study module), ``compute_group_advantages(
rewards, group_size, std_eps=1e-4)`` ("组内标准化 (r - mean) / (std + eps)"): ``r =
rewards.view(-1, group_size)``, ``mean = r.mean(dim=1, keepdim=True)``, ``std = r.std(dim=1,
unbiased=False, keepdim=True)``, ``adv = (r - mean) / (std + std_eps)``, ``return adv.view(-1)``.
Ported: the rewards come as ``(P, G)`` and stay so; ``std_eps`` is the contract's ``eps``.
"""
SOURCE = "code-search file 71133619738 (compute_group_advantages, population std)"
KIND = "grpo: always normalised"
CAUSE = (r"always (normalis|normaliz|divid|standardi|scal)|normalize_std|whether or not|even when|"
         r"ignor|without normali|all.?equal|identical|rounding error|rounds")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    r = rewards
    mean = r.mean(dim=1, keepdim=True)
    std = r.std(dim=1, unbiased=False, keepdim=True)
    adv = (r - mean) / (std + eps)
    return adv
