"""Treats a truncated step like a terminated one: no bootstrap from V(final observation)."""
HINT = "a truncated step must still bootstrap from next_values; only a terminated step has no future"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * (~terminated).to(rewards.dtype) * next_values - values


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = terminated | truncated
    deltas = td_residuals(rewards, values, next_values, done, gamma)
    not_done = (~done).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
