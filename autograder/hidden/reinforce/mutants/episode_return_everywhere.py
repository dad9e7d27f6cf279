"""Gives every step the return of the whole episode, G_0."""
HINT = "every step got the whole episode's return; G_t only counts the rewards from step t on"

import torch


def discounted_returns(rewards, gamma):
    powers = gamma ** torch.arange(rewards.shape[0], dtype=rewards.dtype)
    return torch.full_like(rewards, float((powers * rewards).sum()))
