"""group_advantages as TRL's GRPOTrainer writes it: the rewards viewed per group, minus the group
mean, over torch.std (the sample std) + 1e-4, the 1e-4 written where the eps argument belongs.
Source: trl/trainer/grpo_trainer.py, `advantages = (rewards - mean_grouped_rewards) /
(std_grouped_rewards + 1e-4)`."""
CAUSE = r"(?=.*eps. (is )?fixed at 0\.0001)(?=.*sample)"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    mean_grouped = rewards.mean(dim=1, keepdim=True)
    advantages = rewards - mean_grouped
    if normalize_std:
        std_grouped = rewards.std(dim=1, keepdim=True)
        advantages = advantages / (std_grouped + 1e-4)
    return advantages
