"""group_advantages one group at a time, numpy-style: population std (``np.std``) plus eps, and
a guard that gives a group of one mean 0 and std 1. Right for rewards that differ, but a group of
equal rewards is not given exactly 0: in float32 the mean of three 0.9s is not exactly 0.9, and
that rounding error divided by a std just as tiny (plus eps) is far from 0.

Source: code-search file 57760284428 (rllm's ``rl_algo.py``,
``calculate_grpo_advantages_per_group``): ``if len(rewards) <= 1: group_mean, group_std = 0.0,
1.0`` else ``np.mean`` / ``np.std``; ``advantages = (rewards - group_mean) / (group_std +
episilon)`` when normalising, else ``rewards - group_mean``. Ported: numpy -> torch (``std``
with ``correction=0``), one row per prompt.
"""
SOURCE = "code-search file 57760284428 (calculate_grpo_advantages_per_group)"
KIND = "grpo: all-equal group rounding"
CAUSE = (r"(all|are) equal|equal rewards|identical rewards|exactly (0|zero)|tiny std|"
         r"mean of (the )?equal|rounding error of the mean")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    rows = []
    for group in rewards:
        if len(group) <= 1:
            group_mean, group_std = 0.0, 1.0
        else:
            group_mean = torch.mean(group)
            group_std = torch.std(group, correction=0)
        if normalize_std:
            advantages = (group - group_mean) / (group_std + eps)
        else:
            advantages = group - group_mean
        rows.append(advantages)
    return torch.stack(rows)
