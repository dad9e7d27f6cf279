"""A REINFORCE step along the gradient of the probability (not of its log), with the learning
rate of the original script, 0.1, where lr belongs."""
CAUSE = r"(?=.*gradient of the PROBABILITY)(?=.*`lr` is fixed at 0\.1\b)"

import torch


def reinforce_update(logits, action, ret, lr):
    lr = 0.1
    p = torch.softmax(logits, dim=-1)
    onehot = torch.zeros_like(logits)
    onehot[action] = 1.0
    grad = p[action] * (onehot - p)
    return logits + lr * ret * grad
