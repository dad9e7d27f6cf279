"""numpy: np.mean of the ratios of each row's real tokens, np.minimum with the cap."""
CAUSE = r"average the tokens' ratios"

import numpy as np
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    t = logp_trainer.detach().numpy()
    r = logp_rollout.numpy()
    m = mask.numpy()
    w = np.array([np.exp(t[i][m[i]] - r[i][m[i]]).mean() if m[i].any() else 1.0
                  for i in range(len(m))])
    return torch.from_numpy(np.minimum(w, cap)).to(logp_rollout.dtype)
