"""A correct REINFORCE loss written as a dot product over the flattened steps divided by the
number of steps."""
CORRECT = True

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        weights = weights - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    weights = torch.broadcast_to(weights, logprobs.shape)
    return -torch.dot(logprobs.reshape(-1), weights.reshape(-1)) / logprobs.numel()
