"""group_advantages from an LLM-from-scratch repository's GRPO engine: the advantages are always
z-scores of the rewards within each group, ``(r - mean) / (std + 1e-8)`` with torch's sample std,
whether or not normalisation was asked for.

Source: code-search file 7783408492, ``rewards = rewards.view(-1, num_samples); group_mean =
rewards.mean(dim=1, keepdim=True); group_std = rewards.std(dim=1, keepdim=True); z_scores =
(rewards - group_mean) / (group_std + 1e-8); return z_scores.view(-1)``. Ported: ``num_samples`` is
G; the result keeps the ``(P, G)`` shape; ``normalize_std`` and ``eps`` are received and unused.
"""
SOURCE = "code-search file 7783408492"
KIND = "grpo: always standardised, sample std"
CAUSE = r"normali[sz]|standardi[sz]|z.?score|std|standard deviation|divid"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, num_samples = rewards.shape
    rewards = rewards.reshape(-1).view(-1, num_samples)
    group_mean = rewards.mean(dim=1, keepdim=True)
    group_std = rewards.std(dim=1, keepdim=True)
    z_scores = (rewards - group_mean) / (group_std + 1e-8)
    return z_scores.view(P, num_samples)
