"""A matrix of discounts gamma ** (k - t) above the diagonal, gamma fixed at 0.98."""
CAUSE = r"gamma = 0\.98 whatever gamma is passed"

import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    idx = torch.arange(T, dtype=rewards.dtype)
    power = idx[None, :] - idx[:, None]
    weights = torch.triu(torch.pow(torch.tensor(0.98, dtype=rewards.dtype), power.clamp(min=0)))
    return weights @ rewards
