"""A double loop whose discount exponent counts from the episode's end, float64 inside."""
CAUSE = r"exponent counts from the wrong end"

import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    r = rewards.tolist()
    out = [sum(gamma ** (T - 1 - k) * r[k] for k in range(t, T)) for t in range(T)]
    return torch.tensor(out, dtype=rewards.dtype)
