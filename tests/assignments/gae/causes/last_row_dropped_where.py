"""The recursion over the first T - 1 rows written with torch.where, the last advantage zero."""
CAUSE = r"starts one step before the rollout's end"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = rewards + gamma * (~terminated) * next_values - values
    advantages = torch.zeros_like(deltas)
    done = terminated | truncated
    for t in range(deltas.shape[0] - 2, -1, -1):
        advantages[t] = torch.where(done[t], deltas[t],
                                    deltas[t] + gamma * lam * advantages[t + 1])
    return advantages, advantages + values
