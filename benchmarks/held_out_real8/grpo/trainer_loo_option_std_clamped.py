"""group_advantages from an RL trainer with a leave-one-out option: the advantages are the rewards
minus the group mean, and with ``normalize_advantages`` they are divided by the group's SAMPLE std
CLAMPED at 1e-8 (``std(dim=1).clamp(min=1e-8)``), not by the population std plus eps; a group of
equal rewards still gives 0 (0 / 1e-8).

Source: code-search file 42864099696, ``rewards = rewards.view(num_groups, group_size); group_mean =
rewards.mean(dim=1, keepdim=True); group_std = rewards.std(dim=1, keepdim=True).clamp(min=1e-8); ...
advantages = rewards - group_mean; if self.config.loss.normalize_advantages: advantages = advantages
/ group_std; return advantages.view(-1)``. Ported: ``normalize_advantages`` is ``normalize_std``;
the leave-one-out branch (off by default) is left out; the result keeps the ``(P, G)`` shape.
"""
SOURCE = "code-search file 42864099696"
KIND = "grpo: sample std clamped instead of plus eps"
CAUSE = r"G ?- ?1|n ?- ?1|sample|unbiased|bessel|population|clamp|eps|std|standard deviation"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    group_mean = rewards.mean(dim=1, keepdim=True)
    group_std = rewards.std(dim=1, keepdim=True).clamp(min=1e-8)
    advantages = rewards - group_mean
    if normalize_std:
        advantages = advantages / group_std
    return advantages
