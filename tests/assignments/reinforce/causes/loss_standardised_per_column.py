"""Each episode's (column's) weights standardised over its own steps, torch.std's sample std,
eps 1e-8 (a batched version of pytorch/examples' normalisation)."""
CAUSE = r"each episode \(column\) over its own steps, sample std"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    b = 0.0 if baseline is None else baseline
    w = returns.detach() - (b.detach() if torch.is_tensor(b) else b)
    w = w.expand_as(logprobs)
    w = (w - w.mean(dim=0, keepdim=True)) / (w.std(dim=0, keepdim=True) + 1e-8)
    return -(logprobs * w).mean()
