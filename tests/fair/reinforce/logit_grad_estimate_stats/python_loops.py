"""Plain Python over the actions: expectation and variance as sums."""


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p, R = probs.tolist(), returns.tolist()
    estimates = [((a == component) - p[component]) * (R[a] - baseline) for a in range(len(p))]
    mean = sum(pa * x for pa, x in zip(p, estimates))
    variance = sum(pa * (x - mean) ** 2 for pa, x in zip(p, estimates))
    return mean, variance
