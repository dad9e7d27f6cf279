"""Two cases written out (the chosen action and the others), answered as a namedtuple."""
from collections import namedtuple

Stats = namedtuple("Stats", ["mean", "variance"])


def logit_grad_estimate_stats(probs, returns, baseline, component):
    p = [float(v) for v in probs]
    R = [float(v) - float(baseline) for v in returns]
    c = int(component)
    values = {a: ((1.0 - p[c]) if a == c else -p[c]) * R[a] for a in range(len(p))}
    mean = sum(p[a] * v for a, v in values.items())
    return Stats(mean, sum(p[a] * (v - mean) ** 2 for a, v in values.items()))
