"""numpy."""
import numpy as np
import torch

CAUSE = r"sample's NEW probability"


def approx_kl(logp_old, logp_new):
    n, o = logp_new.numpy(), logp_old.numpy()
    return torch.tensor(np.mean(np.exp(n) * (n - o)), dtype=logp_new.dtype)
