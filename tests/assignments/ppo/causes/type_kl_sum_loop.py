"""approx_kl as a Python sum of floats."""
import torch

CAUSE = r"returns a Python float"


def approx_kl(logp_old, logp_new):
    total = 0.0
    for o, n in zip(logp_old.tolist(), logp_new.tolist()):
        total += o - n
    return total / len(logp_old)
