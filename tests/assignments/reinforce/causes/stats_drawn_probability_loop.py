"""A loop over the draws with grad = indicator - probs[a] (the drawn action's probability), the
variance as E[g^2] - mean^2."""
CAUSE = r"subtracts the DRAWN action's probability"


def logit_grad_estimate_stats(probs, returns, baseline, component):
    mean, second = 0.0, 0.0
    for a in range(probs.shape[0]):
        pa = float(probs[a])
        g = (float(a == component) - pa) * (float(returns[a]) - baseline)
        mean += pa * g
        second += pa * g ** 2
    return mean, second - mean ** 2
