"""The k2 estimator: half the mean squared log-ratio, instead of the k1 estimate asked for."""
HINT = ("that is the k2 estimator, mean((log ratio) ** 2) / 2; the estimate asked for is k1, "
        "the plain mean of logp_old - logp_new")

import torch


def approx_kl(logp_old, logp_new):
    return 0.5 * ((logp_old - logp_new) ** 2).mean()
