"""k3 of the other sign: log r - (r - 1)."""
import torch

CAUSE = r"k3 estimator.*besides, the sign"


def approx_kl(logp_old, logp_new):
    logr = logp_new - logp_old
    return (logr - (torch.exp(logr) - 1)).mean()
