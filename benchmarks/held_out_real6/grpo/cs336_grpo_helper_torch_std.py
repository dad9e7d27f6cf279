"""group_advantages as a CS336 assignment's ``compute_group_normalized_rewards`` computes them: per
group ``torch.mean`` and ``torch.std`` of a ``torch.tensor`` of the group's Python rewards, i.e. the
SAMPLE standard deviation (dividing by G - 1) in float32, and ``(reward - mean) / (std +
advantage_eps)`` when normalising by std.

Source: salzhu/assignment5-alignment cs336_alignment/grpo_helper.py, ``for i in
range(len(rollout_responses) // group_size): group_rewards = [...]; mean_reward =
torch.mean(torch.tensor(group_rewards)); std_reward = torch.std(torch.tensor(group_rewards)); for j
in range(group_size): if normalize_by_std: advantages.append((group_rewards[j] - mean_reward) /
(std_reward + advantage_eps)) else: advantages.append(group_rewards[j] - mean_reward)``. Ported:
the rewards of row ``i`` are group ``i`` (as Python floats), ``advantage_eps`` is ``eps``; the list
of advantages stacked to ``(P, G)`` in the rewards' dtype.
"""
SOURCE = "salzhu/assignment5-alignment cs336_alignment/grpo_helper.py"
KIND = "grpo: sample std, float32 group statistics"
CAUSE = r"sample|bessel|unbiased|G ?- ?1|n ?- ?1|population|float32|single precision"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    advantage_eps, normalize_by_std = eps, normalize_std
    P, G = rewards.shape
    advantages = []
    for group_rewards in rewards.tolist():
        mean_reward = torch.mean(torch.tensor(group_rewards))
        std_reward = torch.std(torch.tensor(group_rewards))
        for j in range(G):
            if normalize_by_std:
                advantages.append((group_rewards[j] - mean_reward) / (std_reward + advantage_eps))
            else:
                advantages.append(group_rewards[j] - mean_reward)
    return torch.stack(advantages).reshape(P, G).to(rewards.dtype)
