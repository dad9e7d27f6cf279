"""Cuts the recursion with step t+1's done flag instead of step t's."""
HINT = "whether A_{t+1} flows into A_t depends on step t's own done flag, not step t+1's"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    T = deltas.shape[0]
    for t in reversed(range(T)):
        keep = not_done[t + 1] if t + 1 < T else torch.ones_like(not_done[t])
        running = deltas[t] + gamma * lam * keep * running
        advantages[t] = running
    return advantages, advantages + values
