"""approx_kl returns float(...)."""
import torch

CAUSE = r"returns a Python float"


def approx_kl(logp_old, logp_new):
    return float(torch.mean(logp_old - logp_new))
