"""Karpathy's Pong pipeline in one function: the discount with its reset at every nonzero
reward, then the returns standardised (``discounted_epr -= mean; /= std``: numpy's population
std, an eps added), written with a list."""
CAUSE = r"restarts .* at every nonzero reward.*standardised"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    acc, out = 0.0, []
    for r in rewards.tolist()[::-1]:
        acc = r + (0.0 if r != 0 else gamma * acc)
        out.insert(0, acc)
    epr = np.array(out, dtype=np.float64)
    epr -= epr.mean()
    epr /= epr.std() + 1e-8
    return torch.as_tensor(epr, dtype=rewards.dtype)
