"""numpy in float32 always: float64 log-probs lose their precision."""
import numpy as np
import torch


def approx_kl(logp_old, logp_new):
    diff = logp_old.detach().numpy().astype(np.float32) - logp_new.detach().numpy().astype(np.float32)
    return torch.tensor(float(diff.mean()), dtype=logp_old.dtype)
