"""Sums over the batch where the loss takes the mean."""
HINT = "the loss is the MEAN over samples of logprob * (return - baseline), not the sum"


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        weights = weights - (baseline.detach() if hasattr(baseline, "detach") else baseline)
    return -(logprobs * weights).sum()
