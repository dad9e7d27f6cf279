"""Combines the flags with XOR: a step both terminated and truncated (gymnasium reports both
when the pole falls on the last allowed step) lets the next episode's advantage flow in."""
HINT = ("a step can be both terminated and truncated (the pole falls on the last allowed step): "
        "done is terminated OR truncated, not one or the other")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated ^ truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
