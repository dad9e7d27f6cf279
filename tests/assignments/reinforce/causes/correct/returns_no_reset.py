"""Karpathy's discount loop without the Pong reset, numpy float64."""
CORRECT = True

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.numpy()
    out = np.zeros_like(r)
    running_add = 0.0
    for t in reversed(range(r.size)):
        running_add = running_add * gamma + r[t]
        out[t] = running_add
    return torch.from_numpy(out)
