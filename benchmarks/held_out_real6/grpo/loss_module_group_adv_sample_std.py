"""group_advantages as a small RL loss module computes them: rewards gathered in a float32 tensor,
each group's mean subtracted, and with ``normalize_std`` a division by the group's SAMPLE standard
deviation (``.std()``, dividing by G - 1) with no epsilon, skipped when that std is below 1e-6;
the answer stays float32.

Source: code-search file 2477375432, a ``losses.py`` ("Loss functions for pretraining, SFT, and
RL"), ``def compute_group_advantages(rewards, group_indices, normalize_std=False): rewards_tensor =
torch.tensor(rewards, dtype=torch.float32); ...; group_advantages = group_rewards - group_mean; if
normalize_std and len(group_rewards) > 1: group_std = group_rewards.std(); if group_std > 1e-6:
group_advantages = group_advantages / group_std``. Ported: the ``(P, G)`` rewards flattened to a
list with row ``p`` as group ``p``, the answer reshaped to ``(P, G)``; ``eps`` is accepted and, as
in the source, unused.
"""
SOURCE = "code-search file 2477375432 (losses.py compute_group_advantages)"
KIND = "grpo: sample std, float32"
CAUSE = r"sample|bessel|unbiased|G ?- ?1|n ?- ?1|population|float32|single precision"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, G = rewards.shape
    group_indices = [p for p in range(P) for _ in range(G)]
    rewards_l = rewards.reshape(-1).tolist()

    rewards_tensor = torch.tensor(rewards_l, dtype=torch.float32)
    group_indices_tensor = torch.tensor(group_indices)
    unique_groups = torch.unique(group_indices_tensor)
    advantages = torch.zeros_like(rewards_tensor)
    for group_idx in unique_groups:
        mask = group_indices_tensor == group_idx
        group_rewards = rewards_tensor[mask]
        group_mean = group_rewards.mean()
        group_advantages = group_rewards - group_mean
        if normalize_std and len(group_rewards) > 1:
            group_std = group_rewards.std()
            if group_std > 1e-6:
                group_advantages = group_advantages / group_std
        advantages[mask] = group_advantages
    return advantages.reshape(P, G)
