"""Uses the k3 estimator (r - 1) - log r instead of k1."""
HINT = "that is the k3 estimator (r - 1) - log r; the assignment asks for k1 = mean(logp_old - logp_new)"

import torch


def approx_kl(logp_old, logp_new):
    log_ratio = logp_new - logp_old
    return (torch.exp(log_ratio) - 1 - log_ratio).mean()
