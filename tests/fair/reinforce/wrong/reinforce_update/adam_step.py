"""torch.optim.Adam in place of SGD: its first step is lr times the sign of the gradient."""
import torch


def reinforce_update(logits, action, ret, lr):
    theta = torch.nn.Parameter(logits.detach().clone())
    optimizer = torch.optim.Adam([theta], lr=lr)
    (-ret * torch.log_softmax(theta, 0)[action]).backward()
    optimizer.step()
    return theta.detach()
