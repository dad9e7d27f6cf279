"""Asserts from the docstring; torch.nn.functional.one_hot for the indicator."""
import torch
import torch.nn.functional as F


def softmax_logprob_grad(logits, action, *, temperature=1.0):
    assert logits.dim() == 1, "logits must be (K,)"
    assert isinstance(action, int) and 0 <= action < logits.shape[0]
    onehot = F.one_hot(torch.tensor(action), num_classes=logits.shape[0]).to(logits.dtype)
    return onehot - F.softmax(logits / temperature, dim=0)
