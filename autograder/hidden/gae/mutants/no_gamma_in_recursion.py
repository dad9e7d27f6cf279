"""Forgets gamma in the recursion: A_t = delta_t + lambda * A_{t+1}."""
HINT = "gamma is missing from the recursion: A_t = delta_t + gamma * lambda * (1 - done_t) * A_{t+1}"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
