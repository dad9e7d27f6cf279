"""The TD error's mask reads ``truncated`` where ``terminated`` belongs (the two flags mixed
up); the recursion is cut by both, as it should."""
CAUSE = r"takes the flags the other way round"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    advantages = torch.zeros_like(rewards)
    running = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        bootstrap = 0.0 if truncated.dim() == 1 and bool(truncated[t]) else 1.0
        if truncated.dim() > 1:
            bootstrap = 1.0 - truncated[t].to(rewards.dtype)
        delta = rewards[t] + gamma * bootstrap * next_values[t] - values[t]
        running = delta + gamma * lam * (~(terminated[t] | truncated[t])).to(rewards.dtype) * running
        advantages[t] = running
    return advantages, advantages + values
