"""discounted_returns with the discount hard-coded, ``G = r + 0.99 * G`` whatever ``gamma`` says,
built as a float32 tensor of Python numbers.

Source: code-search file 56626444156, a grid-world REINFORCE loop: ``returns = []; G = 0; for r
in reversed(rewards): G = r + 0.99 * G; returns.insert(0, G)``; ``returns = torch.tensor(returns,
dtype=torch.float32)``. Ported: the rewards are ``rewards.tolist()``; ``gamma`` is unused.
"""
SOURCE = "code-search file 56626444156 (grid-world REINFORCE, G = r + 0.99 * G)"
KIND = "reinforce: gamma hard-coded (float32)"
CAUSE = (r"0\.99|hard[- ]?coded|fixed|ignor\w*.{0,30}gamma|gamma (is )?(ignored|unused|not used)|"
         r"wrong (gamma|discount)|discount (factor )?(of|is) 0\.99|float32|precision")

import torch


def discounted_returns(rewards, gamma):
    returns = []
    G = 0
    for r in reversed(rewards.tolist()):
        G = r + 0.99 * G
        returns.insert(0, G)
    return torch.tensor(returns, dtype=torch.float32)
