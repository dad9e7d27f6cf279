"""Asserts from the docstring, and a keyword-only switch of the student's own."""
import torch


def reinforce_update(logits, action, ret, lr, *, ascend=True):
    assert logits.dim() == 1
    assert isinstance(action, int) and isinstance(ret, float) and isinstance(lr, float)
    probs = torch.softmax(logits, 0)
    grad = -probs
    grad[action] = grad[action] + 1
    sign = 1.0 if ascend else -1.0
    return logits + sign * lr * ret * grad
