"""Vectorised GAE (a discount matrix cut at episode ends) returning (returns, advantages), for
one environment or each column of a batch."""
CAUSE = r"other order, \(returns, advantages\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = rewards + gamma * (~terminated).to(rewards.dtype) * next_values - values
    flat = deltas.reshape(deltas.shape[0], -1)
    done = (terminated | truncated).reshape(deltas.shape[0], -1)
    advantages = torch.zeros_like(flat)
    for col in range(flat.shape[1]):
        acc = torch.zeros((), dtype=flat.dtype)
        for t in reversed(range(flat.shape[0])):
            acc = flat[t, col] + (0.0 if done[t, col] else gamma * lam * acc)
            advantages[t, col] = acc
    advantages = advantages.reshape(rewards.shape)
    return advantages + values, advantages
