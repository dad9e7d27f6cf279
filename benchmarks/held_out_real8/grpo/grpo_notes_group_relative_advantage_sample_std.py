"""group_advantages from a write-up of GRPO and Dr. GRPO: ``group_relative_advantage`` subtracts the
group mean and, with ``normalize_std``, divides by ``rewards.std(dim=1, keepdim=True)`` plus eps:
torch's default SAMPLE standard deviation (dividing by G - 1), not the population one.

Source: code-search file 68336243066, ``def group_relative_advantage(rewards, eps=1e-4,
normalize_std=True): group_mean = rewards.mean(dim=1, keepdim=True); if normalize_std: group_std =
rewards.std(dim=1, keepdim=True); advantage = (rewards - group_mean) / (group_std + eps) else:
advantage = rewards - group_mean``. Ported: the contract's argument defaults (``normalize_std=False,
eps=1e-6``) replace the write-up's.
"""
SOURCE = "code-search file 68336243066"
KIND = "grpo: sample std"
CAUSE = r"G ?- ?1|n ?- ?1|sample|unbiased|bessel|population|std|standard deviation"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    group_mean = rewards.mean(dim=1, keepdim=True)
    if normalize_std:
        group_std = rewards.std(dim=1, keepdim=True)
        advantage = (rewards - group_mean) / (group_std + eps)
    else:
        advantage = rewards - group_mean
    return advantage
