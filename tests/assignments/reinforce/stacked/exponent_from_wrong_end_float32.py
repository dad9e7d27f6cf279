"""Returns as a sum of powers of gamma whose exponent counts from the end of the episode
(gamma ** (T - 1 - k) instead of gamma ** (k - t)), accumulated in float32 with numpy."""
CAUSE = r"gamma"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.detach().numpy().astype(np.float32)
    T = len(r)
    out = np.zeros(T, dtype=np.float32)
    for t in range(T):
        out[t] = sum(r[k] * np.float32(gamma) ** (T - 1 - k) for k in range(t, T))
    return torch.from_numpy(out).to(rewards.dtype)
