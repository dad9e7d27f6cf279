"""Runs the recursion forwards in time."""
HINT = "A_t depends on A_{t+1}: run the recursion from the last step backwards"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in range(deltas.shape[0]):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
