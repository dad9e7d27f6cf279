"""reinforce_update written inline, with log_softmax where softmax belongs in the gradient."""
CAUSE = r"your step goes along onehot\(a\) - log_softmax"

import torch


def reinforce_update(logits, action, ret, lr):
    grad = -torch.log_softmax(logits, dim=0)
    grad[action] += 1.0
    return logits + lr * ret * grad
