"""Control: discounted_returns by a forward loop from each t with a running discount factor.

Source: AaronJi/RL, python/RLutils/algorithm/policy_gradient.py, ``cal_longterm_ret``: for step
t, ``Gt += discount_rt * labels[k]; discount_rt *= discount`` over k = t..T-1. Correct. Ported:
called once per t and stacked.
"""
SOURCE = "AaronJi/RL python/RLutils/algorithm/policy_gradient.py (cal_longterm_ret)"
KIND = "control"
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    def cal_longterm_ret(labels, t, discount, t_end=None):
        if t_end is None:
            t_end = len(labels)
        Gt = 0.0
        discount_rt = 1.0
        for k in range(t, t_end):
            Gt += discount_rt * labels[k]
            discount_rt = discount_rt * discount
        return Gt

    out = [torch.as_tensor(cal_longterm_ret(rewards, t, gamma), dtype=rewards.dtype)
           for t in range(len(rewards))]
    return torch.stack(out) if out else torch.zeros_like(rewards)
