"""Gradient ascent by autograd: backward of log pi(action), then a step up by lr * ret."""
import torch


def reinforce_update(logits, action, ret, lr):
    theta = logits.detach().clone().requires_grad_(True)
    logp = torch.log_softmax(theta, dim=0)[action]
    (grad,) = torch.autograd.grad(logp, theta)
    with torch.no_grad():
        return theta + lr * ret * grad
