"""Averages the estimate over actions equally instead of weighting by their probability."""
HINT = "the mean and variance are expectations under the policy: weight each action by its probability"

import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    probs = probs.detach().to(torch.float64)
    returns = returns.detach().to(torch.float64)
    indicator = torch.zeros_like(probs)
    indicator[int(component)] = 1.0
    estimate = (indicator - probs[int(component)]) * (returns - float(baseline))
    return float(estimate.mean()), float(estimate.var(unbiased=False))
