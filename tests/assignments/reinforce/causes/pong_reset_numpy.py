"""The Pong reset in numpy, float64, ``np.zeros_like`` then back to torch."""
CAUSE = r"restarts .* at every nonzero reward"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.numpy()
    discounted_r = np.zeros_like(r)
    running_add = 0
    for t in reversed(range(0, r.size)):
        if r[t] != 0:
            running_add = 0
        running_add = running_add * gamma + r[t]
        discounted_r[t] = running_add
    return torch.from_numpy(discounted_r)
