"""approx_kl in numpy, a numpy number."""
import numpy as np
import torch

CAUSE = r"returns a (Python float|numpy)"


def approx_kl(logp_old, logp_new):
    return np.mean(logp_old.numpy() - logp_new.numpy())
