"""A log-softmax written as `logits - log(sum(exp(logits)))` without the max (the log-sum-exp
trick left out), then the gradient `onehot - exp(log_softmax)`: log(inf) is inf, and the
gradient is nan at logits (1000, 0)."""
CAUSE = r"overflow"

import torch


def softmax_logprob_grad(logits, action):
    x = logits.detach()
    log_p = x - torch.log(torch.exp(x).sum())
    onehot = torch.zeros_like(x)
    onehot[action] = 1.0
    return onehot - torch.exp(log_p)
