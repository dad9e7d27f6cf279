"""Forgets to square the deviations in the variance: sum_a p(a) (g_a - mean) is always 0."""
HINT = "the variance is E[(g - E[g])^2]: you did not square the deviations (their probability-weighted sum is always 0)"

import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    probs = probs.detach().to(torch.float64)
    returns = returns.detach().to(torch.float64)
    baseline = float(baseline)
    indicator = torch.zeros_like(probs)
    indicator[int(component)] = 1.0
    estimate = (indicator - probs[int(component)]) * (returns - baseline)
    mean = (probs * estimate).sum()
    variance = (probs * (estimate - mean)).sum()
    return float(mean), float(variance)
