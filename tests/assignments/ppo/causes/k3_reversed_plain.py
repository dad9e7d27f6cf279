"""k3 with logr = logp_old - logp_new."""
import torch

CAUSE = r"k3 with the log ratio the other way round"


def approx_kl(logp_old, logp_new):
    logr = logp_old - logp_new
    return (torch.exp(logr) - 1 - logr).mean()
