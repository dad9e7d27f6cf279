"""The discounts as a cumulative product of gamma (the first one 1), times the rewards."""
CAUSE = r"gamma \*\* t \* r_t, each reward discounted by its own step"

import torch


def discounted_returns(rewards, gamma):
    g = torch.full_like(rewards, gamma)
    g[0] = 1.0
    return torch.cumprod(g, dim=0) * rewards
