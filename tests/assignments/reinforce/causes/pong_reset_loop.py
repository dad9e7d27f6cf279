"""Karpathy's Pong discount: the running sum is reset wherever a reward is nonzero (a game
boundary in Pong), applied to an episode whose every reward counts."""
CAUSE = r"restarts .* at every nonzero reward"

import torch


def discounted_returns(rewards, gamma):
    out = torch.zeros_like(rewards)
    running_add = 0.0
    for t in reversed(range(rewards.shape[0])):
        if rewards[t] != 0:
            running_add = 0.0
        running_add = running_add * gamma + rewards[t]
        out[t] = running_add
    return out
