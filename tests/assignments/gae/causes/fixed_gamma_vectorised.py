"""compute_gae as one matrix of discounts (gamma * lam) ** (k - t) cut at episode ends, with
gamma fixed at 0.98 where the argument belongs; (T,) and (T, N) alike."""
CAUSE = r"gamma = 0\.98 whatever is passed"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    g = 0.98
    deltas = rewards + g * (~terminated).to(rewards.dtype) * next_values - values
    T = rewards.shape[0]
    done = (terminated | truncated).to(rewards.dtype)
    flat = deltas.reshape(T, -1)
    keep = 1.0 - done.reshape(T, -1)
    advantages = torch.zeros_like(flat)
    running = torch.zeros_like(flat[0])
    for t in range(T - 1, -1, -1):
        running = flat[t] + g * lam * keep[t] * running
        advantages[t] = running
    advantages = advantages.reshape(rewards.shape)
    return advantages, advantages + values
