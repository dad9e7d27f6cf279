"""Adds the values as a column (a value head's ``(T, 1)`` output): ``(T,) + (T, 1)`` broadcasts
to ``(T, T)``. The diagnosis computed from the shapes names it."""
FEEDBACK = "is what broadcasting a"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values.unsqueeze(-1)
