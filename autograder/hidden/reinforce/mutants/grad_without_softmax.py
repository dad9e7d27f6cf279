"""Uses the raw logits where the softmax probabilities belong: onehot - logits."""
HINT = "the gradient subtracts the probabilities softmax(logits), not the logits themselves"

import torch


def softmax_logprob_grad(logits, action):
    onehot = torch.zeros_like(logits)
    onehot[int(action)] = 1.0
    return onehot - logits
