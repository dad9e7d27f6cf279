"""A loop over the flattened steps with the mean return as the baseline (the baseline argument
unused), summed and divided by the count."""
CAUSE = r"subtracts the mean of the returns where the baseline passed belongs"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    lp, G = logprobs.reshape(-1), returns.detach().reshape(-1)
    b = G.sum() / G.numel()
    total = 0.0
    for i in range(lp.shape[0]):
        total = total - lp[i] * (G[i] - b)
    return total / lp.shape[0]
