"""discounted_returns from an RLHF-on-Box2D project: the returns are computed with the right
recursion, then (``normalize = True`` by default) standardised: minus their mean, divided by their
sample standard deviation, with no epsilon.

Source: p-omahony/rlhf-box2d utils/rl.py, ``def compute_returns(rewards, discount_factor, normalize
= True): returns = []; R = 0; for r in reversed(rewards): R = r + R * discount_factor;
returns.insert(0, R); returns = torch.tensor(returns); if normalize: returns = (returns -
returns.mean()) / returns.std()``. Ported: ``discount_factor`` is ``gamma``; the default is kept.
"""
SOURCE = "p-omahony/rlhf-box2d utils/rl.py"
KIND = "reinforce: returns standardised"
CAUSE = r"normali[sz]|standardi[sz]|mean|std|standard deviation|z.?score|rescal|scale"

import torch


def discounted_returns(rewards, gamma, normalize=True):
    returns = []
    R = 0
    for r in reversed(rewards):
        R = r + R * gamma
        returns.insert(0, R)
    returns = torch.tensor(returns)
    if normalize:
        returns = (returns - returns.mean()) / returns.std()
    return returns
