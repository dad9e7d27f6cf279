"""A truncated step's TD error zeroed with masked_fill, and the recursion cut by terminated
only: two mistakes at a truncation."""
CAUSE = r"truncated step is 0.*cut at terminations only"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma).masked_fill(truncated, 0.0)
    advantages = torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * (~terminated[t]).to(deltas.dtype) * gae
        advantages[t] = gae
    return advantages, advantages + values
