"""Returns E[g^2] as the variance, forgetting to subtract the squared mean."""
HINT = "that is the second moment E[g^2]; the variance is E[g^2] - E[g]^2"

import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    probs = probs.detach().to(torch.float64)
    returns = returns.detach().to(torch.float64)
    indicator = torch.zeros_like(probs)
    indicator[int(component)] = 1.0
    estimate = (indicator - probs[int(component)]) * (returns - float(baseline))
    return float((probs * estimate).sum()), float((probs * estimate ** 2).sum())
