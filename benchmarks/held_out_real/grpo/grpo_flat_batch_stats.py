"""group_advantages normalises with the mean and sample std of the whole batch (dim 0 of the
flat rewards), not per group; always; float32.

Source: https://github.com/XU-YIJIE/grpo-flat/issues/2 (quoting ``grpo_advantage``): ``rewards =
rewards.to(torch.float32); mean = rewards.mean(dim=0, keepdim=True); std = rewards.std(dim=0,
keepdim=True); advantages = (rewards - mean) / (std + epsilon)`` on the flat
group_num * batch_size rewards. Ported: the (P, G) rewards flattened, epsilon is eps.
Label amended after the first grader run: ``std`` is torch's sample std (G - 1) too, a real
second deviation the first label left out.
"""
SOURCE = "https://github.com/XU-YIJIE/grpo-flat/issues/2"
KIND = "grpo: batch statistics"
CAUSE = r"whole batch|each group|group's own|row|sample standard|G - 1"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    flat = rewards.reshape(-1).to(torch.float32)
    mean = flat.mean(dim=0, keepdim=True)
    std = flat.std(dim=0, keepdim=True)
    advantages = (flat - mean) / (std + eps)
    return advantages.view(rewards.shape)
