"""Sums over the batch where the loss takes the mean."""
HINT = "the loss is the MEAN over samples of logprob * (return - baseline), not the sum"
REAL_BUG = 'summing instead of averaging (issue 35)'


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        weights = weights - (baseline.detach() if hasattr(baseline, "detach") else baseline)
    return -(logprobs * weights).sum()
