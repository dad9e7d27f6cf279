"""Computes softmax as exp(l) / sum(exp(l)) without shifting: overflows for large logits."""
HINT = "exp overflowed on large logits: subtract the largest logit first (or use torch.softmax)"

import torch


def softmax_logprob_grad(logits, action):
    exps = torch.exp(logits)
    onehot = torch.zeros_like(logits)
    onehot[int(action)] = 1.0
    return onehot - exps / exps.sum()
