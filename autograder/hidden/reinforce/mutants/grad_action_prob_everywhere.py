"""Subtracts the taken action's probability p(a) from every component: onehot - p(a), instead
of onehot - softmax (each component's own probability)."""
HINT = "you subtracted p(a), the taken action's probability, from every component; component k of the gradient is onehot_k - p(k), each action's own probability"
REAL_BUG = '-p(a) in every component of the log-softmax gradient (issue 35)'

import torch


def softmax_logprob_grad(logits, action):
    probs = torch.softmax(logits, dim=-1)
    onehot = torch.zeros_like(logits)
    onehot[int(action)] = 1.0
    return onehot - probs[int(action)]
