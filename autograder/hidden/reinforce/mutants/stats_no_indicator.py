"""Drops the indicator: uses -probs[component] * (R - b) for every action."""
HINT = "the estimate has 1[a == component] - probs[component]: the indicator is 1 when the sampled action is the component"

import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    probs = probs.detach().to(torch.float64)
    returns = returns.detach().to(torch.float64)
    estimate = -probs[int(component)] * (returns - float(baseline))
    mean = (probs * estimate).sum()
    return float(mean), float((probs * (estimate - mean) ** 2).sum())
