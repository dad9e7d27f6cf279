"""Standardises the returns first, then subtracts the baseline (eps 1e-8, sample std)."""
CAUSE = r"standardis"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    r = returns.detach()
    r = (r - r.mean()) / (r.std() + 1e-8)
    if baseline is not None:
        r = r - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    return -(logprobs * r).mean()
