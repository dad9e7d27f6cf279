"""GAE as a matrix of (gamma * lam) ** (k - t) over the first T - 1 steps only (a discount matrix
one row short), cut at episode ends, the last advantage padded with 0."""
CAUSE = r"starts one step before the rollout's end"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    T = deltas.shape[0]
    flat = deltas.reshape(T, -1)
    done = (terminated | truncated).reshape(T, -1)
    advantages = torch.zeros_like(flat)
    for col in range(flat.shape[1]):
        for t in range(T - 1):
            total, weight = torch.zeros((), dtype=flat.dtype), 1.0
            for k in range(t, T - 1):
                total = total + weight * flat[k, col]
                if done[k, col]:
                    break
                weight = weight * gamma * lam
            advantages[t, col] = total
    advantages = advantages.reshape(deltas.shape)
    return advantages, advantages + values
