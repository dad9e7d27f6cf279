"""A control: discounted_returns as an ML-Agents-style trainer's ``discount_rewards`` computes them:
a buffer ``np.zeros_like(r)`` filled backwards, with the running sum started at ``value_next``
(the value estimate for step T+1, 0.0 by default: an episode that ended).

Source: code-search file 916738048, ``def discount_rewards(r, gamma=0.99, value_next=0.0):
discounted_r = np.zeros_like(r); running_add = value_next; for t in reversed(range(0, r.size)):
running_add = running_add * gamma + r[t]; discounted_r[t] = running_add; return discounted_r``.
Ported: ``value_next`` keeps its default 0.0 (the contract's ``G_T = 0``); tensors instead of
numpy arrays.
"""
SOURCE = "code-search file 916738048"
KIND = "control: discounted rewards from value_next = 0"
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    r = rewards
    value_next = 0.0
    discounted_r = torch.zeros_like(r)
    running_add = value_next
    for t in reversed(range(0, r.numel())):
        running_add = running_add * gamma + r[t]
        discounted_r[t] = running_add
    return discounted_r
