"""A list comprehension of gamma ** i * r over enumerate(rewards): each reward discounted, never
summed into a return."""
CAUSE = r"gamma \*\* t \* r_t, each reward discounted by its own step"

import torch


def discounted_returns(rewards, gamma):
    return torch.tensor([gamma ** i * r for i, r in enumerate(rewards.tolist())],
                        dtype=rewards.dtype)
