"""Returns softmax - onehot: the gradient of the NEGATIVE log-probability."""
HINT = "the sign is flipped: d log pi(a) / d logits = onehot(a) - softmax(logits)"

import torch


def softmax_logprob_grad(logits, action):
    probs = torch.softmax(logits, dim=-1)
    onehot = torch.zeros_like(logits)
    onehot[int(action)] = 1.0
    return probs - onehot
