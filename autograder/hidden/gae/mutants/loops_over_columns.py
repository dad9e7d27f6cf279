"""Loops over ``shape[-1]`` (the environments of a (T, N) rollout) instead of over the T steps:
right on one environment's (T,) rollout, and on (T, N) only rows 0..N-1 are computed."""
HINT = "the recursion runs over time, dim 0 (T steps): you looped over shape[-1], which for (T, N) inputs is the number of environments"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    running = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[-1])):
        running = deltas[t] + gamma * lam * not_done[t] * running
        advantages[t] = running
    return advantages, advantages + values
