"""A numpy loop over groups: np.std + 1e-7 + eps, row by row."""
ROUNDED = False

import numpy as np
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    r = rewards.detach().cpu().numpy()
    out = np.zeros_like(r)
    for i, row in enumerate(r):
        if row.max() == row.min():
            continue
        out[i] = row - row.mean()
        if normalize_std:
            out[i] = out[i] / (np.std(row) + 1e-7 + eps)
    return torch.from_numpy(out).to(rewards.dtype)
