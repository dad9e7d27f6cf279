"""Returns by the backward recursion in float32, then centred (`g - g.mean()`), the mean taken
over every step (and environment)."""
CAUSE = r"centred|minus their mean|mean subtracted"

import torch


def discounted_returns(rewards, gamma):
    g = torch.zeros_like(rewards, dtype=torch.float32)
    running = torch.zeros_like(rewards[0], dtype=torch.float32)
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t].float() + gamma * running
        g[t] = running
    return (g - g.mean()).to(rewards.dtype)
