"""discounted_returns built as a float32 tensor of Python numbers (``torch.tensor(returns,
dtype=torch.float32)``): the recursion is the contract's, but a float64 input gets a float32
answer.

Source: code-search file 3093097664, a policy-gradient agent's ``compute_returns(self,
rewards)``: ``returns = []; discounted_sum = 0; for reward in reversed(rewards): discounted_sum =
reward + self.gamma * discounted_sum; returns.insert(0, discounted_sum); return
torch.tensor(returns, dtype=torch.float32)``. Ported: ``self.gamma`` is ``gamma``; the rewards are
``rewards.tolist()``.
"""
SOURCE = "code-search file 3093097664 (PGAgent.compute_returns, float32 tensor)"
KIND = "reinforce: float32 answer"
CAUSE = r"float32|single precision|precision|dtype|float64|double|rounded (to|in) float32|float32 rounding"

import torch


def discounted_returns(rewards, gamma):
    returns = []
    discounted_sum = 0
    for reward in reversed(rewards.tolist()):
        discounted_sum = reward + gamma * discounted_sum
        returns.insert(0, discounted_sum)
    return torch.tensor(returns, dtype=torch.float32)
