"""The docstring's table as asserts, and a keyword-only option of the student's own."""
import torch


def discounted_returns(rewards, gamma, *, normalise=False):
    assert rewards.dim() == 1, "rewards must be (T,)"
    assert 0.0 <= gamma <= 1.0, "gamma is in [0, 1]"
    returns = rewards.clone()
    for t in range(len(rewards) - 2, -1, -1):
        returns[t] = rewards[t] + gamma * returns[t + 1]
    if normalise:
        returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    return returns
