"""A discount matrix with gamma 0.98 fixed, then (G - mean) / std with torch.std_mean."""
CAUSE = r"gamma = 0\.98 whatever gamma is passed.*standardised \(minus their mean, over their sample std\)"

import torch


def discounted_returns(rewards, gamma):
    T = len(rewards)
    i = torch.arange(T)
    exponent = (i[None, :] - i[:, None]).to(rewards.dtype)
    weights = torch.where(exponent >= 0, 0.98 ** exponent.clamp(min=0), torch.zeros(()).to(rewards.dtype))
    G = weights @ rewards
    std, mean = torch.std_mean(G)
    return (G - mean) / (std + 1e-9)
