"""Accumulates the discounted sum forwards in time (rewards already received), not backwards."""
HINT = "you accumulated rewards from the start of the episode; the return sums the rewards that come AFTER step t"
REAL_BUG = 'a prefix sum instead of the reward-to-go (issue 35)'

import torch


def discounted_returns(rewards, gamma):
    returns = torch.zeros_like(rewards)
    running = torch.zeros((), dtype=rewards.dtype)
    for t in range(rewards.shape[0]):
        running = rewards[t] + gamma * running
        returns[t] = running
    return returns
