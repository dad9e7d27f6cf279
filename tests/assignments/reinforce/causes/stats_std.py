"""The second number is the standard deviation (sqrt of the variance), under the policy."""
CAUSE = r"second number is the standard deviation"

import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.double()
    ind = torch.zeros_like(p)
    ind[component] = 1.0
    g = (ind - p[component]) * (returns.double() - baseline)
    mean = torch.dot(p, g)
    return mean.item(), torch.sqrt(torch.dot(p, (g - mean) ** 2)).item()
