"""group_advantages that always standardises, dividing by ``max(std, 1e-8)`` (population std)
instead of ``std + eps`` and ignoring ``normalize_std``; a group of equal float32 rewards whose
mean rounds differently is divided by 1e-8, and an exactly equal group gives 0/1e-8 = 0.

Source: code-search file 66135031664, ``compute_group_advantages(rewards)`` ("Group-normalized
advantages (GRPO). For each group: A_j = (r_j - mean) / max(std, eps)"): ``eps = 1e-8``, ``mean =
rewards.mean(axis=1, keepdims=True)``, ``std = rewards.std(axis=1, keepdims=True)``, ``return
(rewards - mean) / np.maximum(std, eps)``. Ported: numpy -> torch (``np.std`` is the population
std; ``np.maximum`` with a scalar is ``clamp(min=eps)``).
"""
SOURCE = "code-search file 66135031664 (compute_group_advantages, max(std, eps))"
KIND = "grpo: always normalised, max(std, eps)"
CAUSE = (r"always (normalis|normaliz|divid|standardi|scal)|normalize_std|whether or not|even when|"
         r"ignor|max\(std|clamp|all.?equal|identical|rounding error|rounds|1e-8")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    eps = 1e-8
    mean = rewards.mean(dim=1, keepdim=True)
    std = rewards.std(dim=1, unbiased=False, keepdim=True)
    return (rewards - mean) / torch.clamp(std, min=eps)
