"""exp(l) / (sum(exp(l)) + 1e-10) unshifted: right to a small eps on ordinary logits, NaN where
exp overflows."""
CAUSE = r"overflow"

import torch


def softmax_logprob_grad(logits, action):
    e = torch.exp(logits)
    p = e / (e.sum() + 1e-10)
    onehot = torch.zeros_like(logits)
    onehot[action] = 1
    return onehot - p
