"""float32 pow."""
import torch

CAUSE = r"mean squared log-ratio"


def approx_kl(logp_old, logp_new):
    return (logp_old.float() - logp_new.float()).pow(2).mean().to(logp_old.dtype)
