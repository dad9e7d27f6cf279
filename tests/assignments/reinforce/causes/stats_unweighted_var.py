"""The estimate over the K actions averaged equally with torch.mean and torch.var (ddof 1): the
draw's probabilities never weight them."""
CAUSE = r"averages over the actions equally and takes their sample variance"

import torch


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.detach().to(torch.float64)
    g = -p[component] * (returns.to(torch.float64) - baseline)
    g[component] = (1 - p[component]) * (returns[component].double() - baseline)
    return g.mean().item(), torch.var(g).item()
