"""A list built by inserting at the front, as many REINFORCE tutorials write it, and the mean
subtracted before returning (`returns = returns - returns.mean()`)."""
CAUSE = r"centred|minus their mean|mean subtracted"

import torch


def discounted_returns(rewards, gamma):
    R, returns = 0.0, []
    for r in reversed(rewards):
        R = r + gamma * R
        returns.insert(0, R)
    returns = torch.stack([torch.as_tensor(x) for x in returns]).to(rewards.dtype)
    return returns - returns.mean()
