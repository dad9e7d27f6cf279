"""Lets the gradient flow into a learned baseline (no detach)."""
HINT = "the baseline (and the returns) must be constants in the loss: detach them"


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns
    if baseline is not None:
        weights = weights - baseline
    return -(logprobs * weights).mean()
