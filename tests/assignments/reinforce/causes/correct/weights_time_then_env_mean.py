"""A correct batched REINFORCE loss: the mean over time, then the mean over the environments
(every episode has T steps, so this is the mean over every step), the baseline broadcast by
hand."""
CORRECT = True

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        b = torch.as_tensor(baseline, dtype=weights.dtype).detach()
        weights = weights - b.expand_as(weights)
    terms = -(logprobs * weights)
    return terms.mean(dim=0).mean() if terms.dim() > 1 else terms.mean()
