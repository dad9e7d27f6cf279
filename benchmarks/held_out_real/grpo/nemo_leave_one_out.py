"""group_advantages with a leave-one-out baseline (the mean of the other G - 1 rewards) and,
with normalize_std, the leave-one-out std: G / (G - 1) times the centred rewards, not them.

Source: https://github.com/NVIDIA-NeMo/RL/issues/1518 ("Leave-One-Out Baseline and Advantage
Normalization are incompatible": ``use_leave_one_out_baseline: true`` with ``normalize_rewards:
true``). Reconstructed from the issue's description: baseline and std of each response's
group without it.
"""
SOURCE = "https://github.com/NVIDIA-NeMo/RL/issues/1518"
KIND = "grpo: leave-one-out baseline"
CAUSE = r"leave.one.out|G ?/ ?\(G - 1\)|other responses|scaled"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, G = rewards.shape
    baseline = (rewards.sum(dim=1, keepdim=True) - rewards) / (G - 1)
    adv = rewards - baseline
    if normalize_std:
        keep = ~torch.eye(G, dtype=torch.bool)
        others = rewards.unsqueeze(1).expand(P, G, G)[:, keep].view(P, G, G - 1)
        adv = adv / (others.std(dim=-1) + eps)
    return adv
