"""compute_gae returns (returns, advantages): the pair in the other order; a while loop."""
CAUSE = r"other order, \(returns, advantages\)"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    ends = terminated | truncated
    advantages = deltas.clone()
    t = deltas.shape[0] - 2
    while t >= 0:
        advantages[t] += gamma * lam * advantages[t + 1] * (~ends[t])
        t -= 1
    return advantages + values, advantages
