"""no mean."""
import torch

CAUSE = r"estimate is per sample"


def approx_kl(logp_old, logp_new):
    return logp_old - logp_new
