"""numpy in float64."""
import numpy as np


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.detach().numpy().astype(np.float64)
    x = (np.eye(len(p))[component] - p[component]) * (returns.detach().numpy().astype(np.float64) - baseline)
    mean = float(p @ x)
    return mean, float(p @ (x - mean) ** 2)
