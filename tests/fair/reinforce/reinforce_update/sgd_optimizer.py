"""torch.optim.SGD minimising -ret * log pi(action): what a training loop would do."""
import torch


def reinforce_update(logits, action, ret, lr):
    theta = torch.nn.Parameter(logits.detach().clone())
    optimizer = torch.optim.SGD([theta], lr=lr)
    optimizer.zero_grad()
    loss = -ret * torch.log_softmax(theta, dim=0)[action]
    loss.backward()
    optimizer.step()
    return theta.detach()
