"""numpy inside: the padding's log-ratios set to 0 before the sum (never added)."""
import numpy as np
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    t = logp_trainer.detach().numpy()
    r = logp_rollout.detach().numpy()
    m = mask.numpy()
    with np.errstate(invalid="ignore", over="ignore"):
        log_ratio = np.where(m, t - r, np.zeros_like(t)).sum(axis=1)
        w = np.minimum(np.exp(log_ratio), np.asarray(cap, dtype=t.dtype))
    return torch.from_numpy(w.astype(t.dtype))
