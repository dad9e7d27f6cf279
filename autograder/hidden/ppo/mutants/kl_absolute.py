"""Averages |logp_old - logp_new|."""
HINT = "the k1 estimate is the plain mean of logp_old - logp_new, without an absolute value"


def approx_kl(logp_old, logp_new):
    return (logp_old - logp_new).abs().mean()
