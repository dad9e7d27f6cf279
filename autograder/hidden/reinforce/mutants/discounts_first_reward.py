"""Discounts the immediate reward too: G_t = gamma * (r_t + G_{t+1})."""
HINT = "the immediate reward r_t is not discounted: G_t = r_t + gamma * G_{t+1}"

import torch


def discounted_returns(rewards, gamma):
    returns = torch.zeros_like(rewards)
    running = torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        running = gamma * (rewards[t] + running)
        returns[t] = running
    return returns
