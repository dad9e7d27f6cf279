"""numpy."""
import numpy as np
import torch

CAUSE = r"estimate is mean\(r - 1\)"


def approx_kl(logp_old, logp_new):
    r = np.exp(logp_new.numpy() - logp_old.numpy())
    return torch.tensor(np.mean(r) - 1.0, dtype=logp_old.dtype)
