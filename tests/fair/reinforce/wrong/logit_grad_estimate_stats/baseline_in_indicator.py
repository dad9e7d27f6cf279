"""The baseline subtracted from the indicator's side, not from the return."""


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p, R = probs.tolist(), returns.tolist()
    x = [((a == component) - p[component] - baseline) * R[a] for a in range(len(p))]
    mean = sum(pa * v for pa, v in zip(p, x))
    return mean, sum(pa * (v - mean) ** 2 for pa, v in zip(p, x))
