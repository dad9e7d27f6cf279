"""td_residuals for (T, N) buffers only (`T, N = rewards.shape` raises on a (T,) rollout), which
also forgets the termination mask: the next value is bootstrapped after a terminal step too."""
CAUSE = r"(?=.*terminat)(?=.*raises ValueError)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    T, N = rewards.shape
    deltas = torch.empty(T, N, dtype=rewards.dtype)
    for t in range(T):
        deltas[t] = rewards[t] + gamma * next_values[t] - values[t]
    return deltas
