"""discounted_returns with the right recursion collected in a Python list and turned into a
float32 tensor (``torch.tensor(returns, dtype=torch.float32)``): float64 rewards give a float32
answer, rounded to single precision.

Source: code-search file 36529815546, a meta-RL policy script's training loop:
``discounted_reward = 0; returns = []; for r in reversed(rewards): discounted_reward = r + gamma *
discounted_reward; returns.insert(0, discounted_reward); returns = torch.tensor(returns,
dtype=torch.float32)``. Ported: a function of ``(rewards, gamma)``; the rewards are iterated as
Python floats.
"""
SOURCE = "code-search file 36529815546 (meta-RL training loop, returns as a float32 tensor)"
KIND = "reinforce: float32 returns"
CAUSE = r"float32|single precision|float64|precision|dtype"

import torch


def discounted_returns(rewards, gamma):
    discounted_reward = 0
    returns = []
    for r in reversed(rewards.tolist()):
        discounted_reward = r + gamma * discounted_reward
        returns.insert(0, discounted_reward)
    returns = torch.tensor(returns, dtype=torch.float32)
    return returns
