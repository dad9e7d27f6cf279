"""Correct: the k1 estimate as a mean of differences."""
import torch

CAUSE = r"$^"


def approx_kl(logp_old, logp_new):
    return (logp_old - logp_new).sum() / logp_old.numel()
