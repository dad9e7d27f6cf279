"""Correct: the returns as one matrix product, an upper-triangular matrix of gamma ** (k - t)
times the rewards (the triangle built with torch.triu on an exponent matrix)."""
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    T = rewards.shape[0]
    idx = torch.arange(T, dtype=rewards.dtype)
    exponent = (idx.view(1, -1) - idx.view(-1, 1)).clamp(min=0)
    weights = torch.triu(torch.full((T, T), float(gamma), dtype=rewards.dtype) ** exponent)
    return weights @ rewards
