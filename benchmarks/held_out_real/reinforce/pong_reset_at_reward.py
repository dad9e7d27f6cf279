"""discounted_returns restarts the running sum at every nonzero reward (Pong's point boundary).

Source: Karpathy's pg-pong.py, ``discount_rewards``: ``if r[t] != 0: running_add = 0  # reset the
sum, since this was a game boundary (pong specific!)``; copied into many student repositories
(code-search files 66731533269, 2129492993, 35060180603, ...; the index does not name them).
Ported: numpy -> torch.
"""
SOURCE = "code-search file 66731533269 (pg-pong.py discount_rewards, Karpathy's, as copied)"
KIND = "returns: recursion restarted"
CAUSE = r"restart|reset|nonzero|non-zero|boundary"

import torch


def discounted_returns(rewards, gamma):
    r = rewards
    discounted_r = torch.zeros_like(r)
    running_add = 0
    for t in reversed(range(0, r.numel())):
        if r[t] != 0:
            running_add = 0
        running_add = running_add * gamma + r[t]
        discounted_r[t] = running_add
    return discounted_r
