"""Ignores gamma: every return is the plain sum of the remaining rewards."""
HINT = "gamma is missing: each later reward must be discounted by gamma once more per step"

import torch


def discounted_returns(rewards, gamma):
    return torch.flip(torch.cumsum(torch.flip(rewards, [0]), 0), [0])
