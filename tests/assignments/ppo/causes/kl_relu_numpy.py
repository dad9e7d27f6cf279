"""numpy maximum per sample."""
import numpy as np
import torch

CAUSE = r"clamps each sample's log-ratio at zero"


def approx_kl(logp_old, logp_new):
    d = logp_old.numpy() - logp_new.numpy()
    return torch.tensor(np.maximum(d, 0.0).mean(), dtype=logp_old.dtype)
