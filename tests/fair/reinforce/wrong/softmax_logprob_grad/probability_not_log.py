"""The gradient of softmax(logits)[action], not of its log."""
import torch


def softmax_logprob_grad(logits, action):
    x = logits.detach().clone().requires_grad_(True)
    torch.softmax(x, dim=0)[action].backward()
    return x.grad
