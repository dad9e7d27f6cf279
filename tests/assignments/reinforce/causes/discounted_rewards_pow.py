"""torch.pow of a gamma tensor to the step indices, with an extra 1e-10 added to every answer
(a harmless offset)."""
CAUSE = r"gamma \*\* t \* r_t, each reward discounted by its own step"

import torch


def discounted_returns(rewards, gamma):
    steps = torch.arange(len(rewards), dtype=rewards.dtype)
    weights = torch.pow(torch.tensor(gamma, dtype=rewards.dtype), steps)
    return weights * rewards + 1e-10
