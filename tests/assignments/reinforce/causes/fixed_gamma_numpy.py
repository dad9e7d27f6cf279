"""numpy returns as discounts ** arange times the rewards, summed from each step on, with
gamma = 0.9 written into the code."""
CAUSE = r"gamma = 0\.9 whatever gamma is passed"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.numpy()
    T = len(r)
    out = np.array([sum(0.9 ** (k - t) * r[k] for k in range(t, T)) for t in range(T)])
    return torch.from_numpy(out).to(rewards.dtype)
