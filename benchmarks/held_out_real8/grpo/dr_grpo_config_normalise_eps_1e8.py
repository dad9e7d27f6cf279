"""group_advantages from a GRPO trainer with a Dr. GRPO switch: the rewards minus the group mean,
divided, when ``normalize_advantages`` is on, by the group's SAMPLE std (``std(dim=1)``) plus a
fixed 1e-8 (the configured eps is not used).

Source: code-search file 52610241140, ``group_mean = rewards.mean(dim=1, keepdim=True); group_std =
rewards.std(dim=1, keepdim=True); advantages = rewards - group_mean; if
self.grpo_config["normalize_advantages"]: advantages = advantages / (group_std + 1e-8)``. Ported:
the config switch is ``normalize_std``.
"""
SOURCE = "code-search file 52610241140"
KIND = "grpo: sample std, eps 1e-8"
CAUSE = r"G ?- ?1|n ?- ?1|sample|unbiased|bessel|population|std|standard deviation|eps"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    group_mean = rewards.mean(dim=1, keepdim=True)
    group_std = rewards.std(dim=1, keepdim=True)
    advantages = rewards - group_mean
    if normalize_std:
        advantages = advantages / (group_std + 1e-8)
    return advantages
