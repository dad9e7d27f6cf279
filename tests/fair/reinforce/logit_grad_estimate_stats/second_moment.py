"""Variance as E[x^2] - E[x]^2 (fine in float64 for numbers of this size)."""
import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.double()
    x = (torch.arange(len(p)) == component).double() - p[component]
    x = x * (returns.double() - baseline)
    mean = torch.sum(p * x).item()
    second = torch.sum(p * x * x).item()
    return mean, max(second - mean * mean, 0.0)
