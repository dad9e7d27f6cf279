"""Multiplies the recursion by the done flags instead of by their negation: the recursion is cut
where the episode goes on and flows across every episode end."""
HINT = "the recursion was cut where the episode goes on and kept across episode ends: multiply A_{t+1} by (1 - done_t), not by done_t"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (terminated | truncated).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
