"""Discounts from the start of the episode: G_t = sum_k gamma ** k * r_k over k >= t, i.e.
``gamma ** t`` where ``gamma ** (k - t)`` is due."""
HINT = ("you discounted from the start of the episode (gamma ** k); G_t discounts from step t "
        "itself: G_t = sum over k >= t of gamma ** (k - t) * r_k")

import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    weights = torch.tensor([gamma ** k for k in range(T)], dtype=rewards.dtype)
    discounted = rewards * weights
    return torch.flip(torch.cumsum(torch.flip(discounted, [0]), 0), [0])
