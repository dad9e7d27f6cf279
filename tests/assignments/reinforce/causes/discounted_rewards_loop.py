"""A loop that keeps a running discount, gamma ** t, and stores it times r_t: no running sum of
the rewards that follow."""
CAUSE = r"gamma \*\* t \* r_t, each reward discounted by its own step"

import torch


def discounted_returns(rewards, gamma):
    out = torch.empty_like(rewards)
    discount = 1.0
    for t in range(rewards.shape[0]):
        out[t] = discount * rewards[t]
        discount *= gamma
    return out
