"""numpy, no mean."""
import numpy as np
import torch

CAUSE = r"estimate is per sample"


def approx_kl(logp_old, logp_new):
    d = np.subtract(logp_old.numpy(), logp_new.numpy())
    return torch.from_numpy(d)
