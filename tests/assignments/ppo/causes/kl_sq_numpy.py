"""numpy square."""
import numpy as np
import torch

CAUSE = r"mean squared log-ratio"


def approx_kl(logp_old, logp_new):
    d = logp_old.numpy() - logp_new.numpy()
    return torch.tensor(np.square(d).mean(), dtype=logp_old.dtype)
