"""Plain Python: math.exp in a loop, with the log-sum-exp trick, one entry at a time."""
import math

import torch


def softmax_logprob_grad(logits, action):
    values = logits.tolist()
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    grad = [(1.0 if k == action else 0.0) - w / total for k, w in enumerate(weights)]
    return torch.tensor(grad, dtype=logits.dtype)
