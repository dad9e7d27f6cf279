"""k3 reversed in numpy."""
import numpy as np
import torch

CAUSE = r"k3 with the log ratio the other way round"


def approx_kl(logp_old, logp_new):
    d = (logp_old - logp_new).numpy()
    return torch.tensor(np.mean(np.exp(d) - 1 - d), dtype=logp_old.dtype)
