"""mean of squares, no half."""
import torch

CAUSE = r"mean squared log-ratio"


def approx_kl(logp_old, logp_new):
    return ((logp_new - logp_old) ** 2).mean()
