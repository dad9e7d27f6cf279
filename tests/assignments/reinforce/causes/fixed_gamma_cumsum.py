"""Reward-to-go through a reversed cumulative sum of gamma ** k * r_k divided by gamma ** t,
gamma 0.97 fixed, in float32, plus a 1e-12 against a division by zero."""
CAUSE = r"gamma = 0\.97 whatever gamma is passed"

import torch


def discounted_returns(rewards, gamma):
    g = 0.97
    r = rewards.float()
    powers = g ** torch.arange(r.shape[0], dtype=torch.float32)
    tail = torch.flip(torch.cumsum(torch.flip(r * powers, [0]), 0), [0])
    return (tail / (powers + 1e-12)).to(rewards.dtype)
