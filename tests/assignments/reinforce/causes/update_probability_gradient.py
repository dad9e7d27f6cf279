"""An inline update whose gradient is that of p_a: logits + lr * ret * p_a * (onehot - p)."""
CAUSE = r"gradient of the PROBABILITY"

import torch


def reinforce_update(logits, action, ret, lr):
    p = torch.softmax(logits, -1)
    onehot = torch.zeros_like(p)
    onehot[action] = 1.0
    return logits + lr * ret * p[action] * (onehot - p)
