"""Lets autograd do it: backward through log_softmax on a copy that requires grad."""
import torch


def softmax_logprob_grad(logits, action):
    x = logits.detach().clone().requires_grad_(True)
    torch.log_softmax(x, dim=0)[action].backward()
    return x.grad
