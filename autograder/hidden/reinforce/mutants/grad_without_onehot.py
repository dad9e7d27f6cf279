"""Leaves the taken action's one-hot out of the log-softmax gradient: returns -softmax(logits)."""
HINT = "the gradient of log pi(a) has two parts, onehot(a) - softmax(logits): the taken action's one-hot is missing"

import torch


def softmax_logprob_grad(logits, action):
    return -torch.softmax(logits, dim=-1)
