"""A control: discounted_returns as a Gaussian-policy REINFORCE agent computes them: a buffer
``torch.zeros_like(r)`` filled backwards from a Python-float running return ``g = 0.0``; correct in
either dtype.

Source: code-search file 71031124581, ``returns = torch.zeros_like(r); g = 0.0; for t in
range(len(r) - 1, -1, -1): g = r[t] + self.gamma * g; returns[t] = g``. Ported: ``self.gamma``
is the argument; the source's ``torch.tensor(..., dtype=torch.float32)`` of the rewards is left
out (the rewards arrive as a tensor).
"""
SOURCE = "code-search file 71031124581"
KIND = "control: reinforce returns into zeros_like buffer"
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    r = rewards
    returns = torch.zeros_like(r)
    g = 0.0
    for t in range(len(r) - 1, -1, -1):
        g = r[t] + gamma * g
        returns[t] = g
    return returns
