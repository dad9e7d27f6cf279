"""The value targets are the bootstrapped discounted returns (lambda = 1: r_t + gamma * G_{t+1},
next_values at truncations and at the rollout's end), not advantages + values: where
next_values[t] is values[t + 1] but at episode ends (the grader's rollouts), the reference's
returns with lam = 1, as the relation says."""
CAUSE = r"lambda = 1|`lam` = 1"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    done = terminated | truncated
    alive = (~terminated).to(rewards.dtype)
    advantages, returns = torch.zeros_like(deltas), torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    T = deltas.shape[0]
    for t in reversed(range(T)):
        keep = (~done[t]).to(rewards.dtype)
        gae = deltas[t] + gamma * lam * keep * gae
        future = returns[t + 1] if t + 1 < T else torch.zeros_like(gae)
        tail = keep * future + (1 - keep) * alive[t] * next_values[t]
        if t == T - 1:
            tail = alive[t] * next_values[t]
        returns[t] = rewards[t] + gamma * tail
        advantages[t] = gae
    return advantages, returns
