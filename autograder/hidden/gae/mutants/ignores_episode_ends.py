"""Lets advantages flow across episode boundaries (never resets the recursion)."""
HINT = "advantages leaked across an episode boundary: multiply by (1 - done_t) in the recursion"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * running
        advantages[t] = running
    return advantages, advantages + values
