"""Combines the flags with AND (``terminated & truncated``, or ``terminated * truncated``): a
step with only one flag set is not treated as an episode end, so the next episode's advantage
flows in."""
HINT = "an episode ends when it terminated OR was truncated: with AND, a step with only one of the flags set let the next episode's advantage flow in"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated & truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
