"""group_advantages in float32, divided by the sample std of the centred rewards (+ eps).

Source: Gzsiceberg/assignment5-alignment, cs336_alignment/grpo.py,
``compute_group_normalized_rewards``: ``rewards = torch.tensor(rewards,
dtype=torch.float32).view(prompt_size, group_size); advantages = rewards - mean; if
normalize_by_std: std_dev = advantages.std(dim=1, keepdim=True) + advantage_eps``. Ported:
the (P, G) rewards come in as a tensor and are cast to float32, as the list was.
"""
SOURCE = "Gzsiceberg/assignment5-alignment cs336_alignment/grpo.py (compute_group_normalized_rewards)"
KIND = "grpo: sample std + float32"
CAUSE = r"sample standard|G - 1|n - 1|float32|dtype"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    rewards = rewards.to(torch.float32)
    mean_rewards = rewards.mean(dim=1, keepdim=True)
    advantages = rewards - mean_rewards
    if normalize_std:
        std_dev = advantages.std(dim=1, keepdim=True) + eps
        advantages = advantages / std_dev
    return advantages
