"""The Pong reset computed in float32 whatever the rewards' dtype (a second, small deviation)."""
CAUSE = r"restarts .* at every nonzero reward"

import torch


def discounted_returns(rewards, gamma):
    r = rewards.float()
    out = torch.zeros_like(r)
    running = torch.tensor(0.0)
    for t in range(len(r) - 1, -1, -1):
        running = torch.where(r[t] != 0, r[t], r[t] + gamma * running)
        out[t] = running
    return out.to(rewards.dtype)
