"""Standardises the returns inside the function (pytorch/examples' REINFORCE, CleanRL and SB3
normalise returns or advantages before the loss; that still trains cart-pole). The contract
asks for the returns themselves; the diagnosis computed from the reference's answer names it,
whatever eps or std estimator was used."""
FEEDBACK = "your answer is the right answer standardised"

import torch


def discounted_returns(rewards, gamma):
    returns = torch.zeros_like(rewards)
    running = torch.zeros((), dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t] + gamma * running
        returns[t] = running
    return (returns - returns.mean()) / (returns.std() + 1e-8)
