"""group_advantages from a JAX GRPO experiment's ``get_advantages``: the ``'grpo'`` estimator
divides by the group's population std (``jnp.std``) plus 1e-4, not the contract's ``eps``; the
``'dr_grpo'`` estimator only subtracts the group mean. With normalisation the 1e-4 moves every
advantage of a group whose std is small by far more than the tolerance.

Source: code-search file 14001151081, ``if advantage_estimator=='grpo': mean_grouped_rewards =
rewards.reshape(-1, groups).mean(axis=1); std_grouped_rewards = rewards.reshape(-1,
groups).std(axis=1); ... advantages = (rewards - mean_grouped_rewards) / (std_grouped_rewards +
1e-4) elif advantage_estimator=='dr_grpo': ... advantages = (rewards - mean_grouped_rewards)``.
Ported: ``normalize_std`` picks ``'grpo'``, otherwise ``'dr_grpo'``; jnp becomes torch
(``unbiased=False``, jnp's default); the rewards are kept ``(P, G)``.
"""
SOURCE = "code-search file 14001151081"
KIND = "grpo: std epsilon 1e-4 instead of eps"
CAUSE = r"eps|epsilon|1e-?4|0\.0001|constant|small"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    groups = rewards.shape[1]
    flat = rewards.reshape(-1)
    mean_grouped_rewards = flat.reshape(-1, groups).mean(dim=1)
    mean_grouped_rewards = torch.repeat_interleave(mean_grouped_rewards, groups, dim=0)
    if normalize_std:
        std_grouped_rewards = flat.reshape(-1, groups).std(dim=1, unbiased=False)
        std_grouped_rewards = torch.repeat_interleave(std_grouped_rewards, groups, dim=0)
        advantages = (flat - mean_grouped_rewards) / (std_grouped_rewards + 1e-4)
    else:
        advantages = flat - mean_grouped_rewards
    return advantages.reshape(rewards.shape)
