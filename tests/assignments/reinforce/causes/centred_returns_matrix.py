"""Vectorised: a (T, T) upper-triangular matrix of gamma ** (k - t) applied to the rewards, then
the mean of the returns subtracted (a "baseline" folded into the returns)."""
CAUSE = r"centred|minus their mean|mean subtracted"

import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    steps = torch.arange(T, dtype=rewards.dtype)
    ahead = steps[None, :] - steps[:, None]
    weights = torch.where(ahead >= 0, gamma ** ahead.clamp(min=0), torch.zeros_like(ahead))
    returns = torch.tensordot(weights, rewards, dims=([1], [0]))
    return returns - returns.mean()
