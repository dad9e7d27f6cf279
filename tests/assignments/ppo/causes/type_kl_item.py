"""approx_kl returns .item()."""
import torch

CAUSE = r"returns a Python float"


def approx_kl(logp_old, logp_new):
    return (logp_old - logp_new).mean().item()
