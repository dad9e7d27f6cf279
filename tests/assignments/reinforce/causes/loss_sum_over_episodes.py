"""Averages over the steps, sums over the environments of a (T, N) batch (``.mean(0).sum()``)."""
CAUSE = r"averages over the steps and sums over the episodes|summed where the contract takes a mean"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        weights = weights - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    return -(logprobs * weights).mean(dim=0).sum()
