"""Returns whose discount exponent counts from the episode's end, with gamma = 0.99 kept from
the training script; numpy and float32."""
CAUSE = r"(?=.*wrong end)(?=.*`gamma` is fixed at 0\.99)"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    gamma = 0.99
    r = rewards.numpy().astype(np.float32)
    T = len(r)
    out = np.zeros(T, dtype=np.float32)
    for t in range(T):
        out[t] = sum(gamma ** (T - 1 - k) * r[k] for k in range(t, T))
    return torch.tensor(out, dtype=rewards.dtype)
