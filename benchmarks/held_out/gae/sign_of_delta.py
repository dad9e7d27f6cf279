"""td_residuals computes V(s) - r - gamma * V(s') (values minus target: the sign reversed)."""
CAUSE = r"sign|minus"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    target = rewards + gamma * torch.where(terminated, torch.zeros_like(next_values), next_values)
    return values - target
