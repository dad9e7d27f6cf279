"""numpy tis_weights: the log-ratios multiplied by the mask (NaN where the padding holds -inf
on both sides) and summed in float32."""
CAUSE = r"padding|mask"

import numpy as np
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    lt = logp_trainer.detach().numpy().astype(np.float32)
    lr = logp_rollout.detach().numpy().astype(np.float32)
    m = mask.numpy().astype(np.float32)
    w = np.minimum(np.exp(((lt - lr) * m).sum(axis=1)), cap)
    return torch.from_numpy(w.astype(np.float32)).to(logp_rollout.dtype)
