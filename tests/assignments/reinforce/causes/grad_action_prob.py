"""onehot - p[a]: the taken action's probability subtracted at every entry."""
CAUSE = r"subtracted p\(a\)|taken action's probability"

import torch


def softmax_logprob_grad(logits, action):
    probs = torch.softmax(logits, dim=-1)
    grad = -probs[action] * torch.ones_like(logits)
    grad[action] += 1.0
    return grad
