"""numpy: ``ret = adv; ret += v`` on the same array, then both converted back."""
CAUSE = r"advantages come out equal to your value targets"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    d = td_residuals(rewards, values, next_values, terminated, gamma).numpy().copy()
    keep = 1.0 - (terminated | truncated).numpy()
    adv = np.zeros_like(d)
    last = np.zeros_like(d[0])
    for t in range(len(d) - 1, -1, -1):
        last = d[t] + gamma * lam * keep[t] * last
        adv[t] = last
    ret = adv
    ret += values.numpy()
    return torch.from_numpy(adv), torch.from_numpy(ret)
