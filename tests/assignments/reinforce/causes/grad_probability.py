"""The gradient of the probability p_a (p_a * (onehot - p)), not of its log: the REINFORCE
score function without the 1 / p_a."""
CAUSE = r"gradient of the PROBABILITY"

import torch


def softmax_logprob_grad(logits, action):
    p = torch.softmax(logits, dim=0)
    e = torch.zeros_like(p)
    e[action] = 1.0
    return p[action] * (e - p)
