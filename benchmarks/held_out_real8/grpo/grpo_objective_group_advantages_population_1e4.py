"""group_advantages from a small GRPO objective module: the advantages are always standardised,
``(r - mean) / (population std + epsilon)`` with ``epsilon = 1e-4``, whether or not normalisation
was asked for, and groups of fewer than two rollouts raise.

Source: code-search file 71309596433, ``def group_advantages(rewards, epsilon=1e-4): if rewards.ndim
!= 2 or rewards.shape[1] < 2: raise ValueError("Rewards must be [prompts, group_size >= 2]");
centered = rewards - rewards.mean(dim=1, keepdim=True); return centered / (rewards.std(dim=1,
keepdim=True, unbiased=False) + epsilon)``. Ported: the contract's ``normalize_std`` and ``eps``
are received; the module's own ``epsilon`` (1e-4) is kept and ``normalize_std`` is unused, as the
source has no such switch.
"""
SOURCE = "code-search file 71309596433"
KIND = "grpo: always standardised, eps 1e-4"
CAUSE = r"normali[sz]|standardi[sz]|std|standard deviation|divid|1e-0?4|eps"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    epsilon = 1e-4
    if rewards.ndim != 2 or rewards.shape[1] < 2:
        raise ValueError("Rewards must be [prompts, group_size >= 2]")
    centered = rewards - rewards.mean(dim=1, keepdim=True)
    return centered / (rewards.std(dim=1, keepdim=True, unbiased=False) + epsilon)
