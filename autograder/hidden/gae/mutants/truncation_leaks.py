"""Cuts the recursion only at terminated steps: advantages cross truncations."""
HINT = "an advantage crossed a truncation: cut the recursion at every episode end (done = terminated or truncated)"
REAL_BUG = 'GAE: a leak across a truncation (issue 35)'

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~terminated).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
