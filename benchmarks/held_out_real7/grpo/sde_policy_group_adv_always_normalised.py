"""group_advantages from an SDE-policy library's ``group_advantages``: "group-relative, zero-mean
reward advantages" with the population std, ``(rewards - mean) / (std + eps)``: correct when
normalisation is asked for, but it ALWAYS divides by the std: there is no way to get the plain
mean-centred advantages.

Source: code-search file 71090004765, ``mean = rewards.mean(dim=-1, keepdim=True); std =
rewards.std(dim=-1, keepdim=True, unbiased=False); advantages = (rewards - mean) / (std + eps); if
clip is not None: advantages = advantages.clamp(...); return advantages``. Ported: ``clip`` is
None; ``normalize_std`` is accepted and unused (the source has no such switch); the source's
argument checks are left out.
"""
SOURCE = "code-search file 71090004765"
KIND = "grpo: always standardised (population std)"
CAUSE = r"std|standard deviation|standardi|normali|divid|scale"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    mean = rewards.mean(dim=-1, keepdim=True)
    std = rewards.std(dim=-1, keepdim=True, unbiased=False)
    advantages = (rewards - mean) / (std + eps)
    return advantages
