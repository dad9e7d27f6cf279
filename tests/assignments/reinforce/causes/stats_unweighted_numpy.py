"""numpy's mean and var with ddof=1 over the actions' estimates (unweighted, sample variance),
in float32."""
CAUSE = r"averages over the actions equally and takes their sample variance"

import numpy as np


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.numpy().astype(np.float32)
    R = returns.numpy().astype(np.float32)
    ind = (np.arange(len(p)) == component).astype(np.float32)
    g = (ind - p[component]) * (R - np.float32(baseline))
    return float(g.mean()), float(g.var(ddof=1))
