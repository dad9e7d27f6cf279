"""Flattens (T, N) into one long sequence, chaining the environments together."""
HINT = "with (T, N) inputs each environment (column) has its own recursion over time (dim 0)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma).reshape(-1)
    not_done = (~(terminated | truncated)).to(rewards.dtype).reshape(-1)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros((), dtype=deltas.dtype)
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    advantages = advantages.reshape(rewards.shape)
    return advantages, advantages + values
