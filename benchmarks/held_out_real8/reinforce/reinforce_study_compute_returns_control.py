"""A control: discounted_returns from a REINFORCE study repository's utilities: ``G = discount_factor
* G + reward`` walked backwards, each return inserted at the front, the list turned back into a
tensor (``torch.tensor`` of the 0-d tensors keeps their dtype).

Source: alienpenguin10/RL 0.Learning/Reinforce/utils.py, ``def compute_returns(rewards,
discount_factor=0.99): returns = []; G = 0; for reward in reversed(rewards): G = discount_factor *
G + reward; returns.insert(0, G); return torch.tensor(returns)``. Ported: ``discount_factor`` is
``gamma``; an empty episode gives an empty tensor of the rewards' dtype.
"""
SOURCE = "alienpenguin10/RL 0.Learning/Reinforce/utils.py"
KIND = "control: returns list inserted at the front"
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    returns = []
    G = 0
    for reward in reversed(rewards):
        G = gamma * G + reward
        returns.insert(0, G)
    if not returns:
        return rewards.clone()
    return torch.tensor(returns, dtype=rewards.dtype)
