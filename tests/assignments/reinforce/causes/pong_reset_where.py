"""The reset written with a mask: ``running * (rewards[t] == 0)`` before adding the reward."""
CAUSE = r"restarts .* at every nonzero reward"

import torch


def discounted_returns(rewards, gamma):
    out = torch.empty_like(rewards)
    running = torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t] + gamma * running * (rewards[t] == 0).to(rewards.dtype)
        out[t] = running
    return out
