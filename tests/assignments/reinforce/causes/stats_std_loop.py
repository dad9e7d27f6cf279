"""A loop over the actions for E[g] and E[g^2], the std returned as sqrt(E[g^2] - E[g]^2), in
float32 (a rounding besides)."""
CAUSE = r"second number is the standard deviation"

import math


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = probs.float().tolist()
    R = returns.float().tolist()
    m1 = m2 = 0.0
    for a in range(len(p)):
        g = ((1.0 if a == component else 0.0) - p[component]) * (R[a] - baseline)
        m1 += p[a] * g
        m2 += p[a] * g * g
    return float(m1), math.sqrt(max(m2 - m1 * m1, 0.0))
