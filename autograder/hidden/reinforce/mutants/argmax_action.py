"""Puts the one-hot on the most likely action instead of the action taken."""
HINT = "the one-hot goes on the action that was taken, not on the most likely action"

import torch


def softmax_logprob_grad(logits, action):
    onehot = torch.zeros_like(logits)
    onehot[int(torch.argmax(logits))] = 1.0
    return onehot - torch.softmax(logits, dim=-1)
