"""Each return sums the rewards after step t (`rewards[t + 1:]`) with the discount counted from
the episode's start (gamma ** k, k the absolute step), through numpy float32."""
CAUSE = r"(?=.*steps after t)(?=.*gamma\^\(k\))"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.numpy().astype(np.float32)
    T = len(r)
    discounts = np.power(np.float32(gamma), np.arange(T, dtype=np.float32))
    out = np.array([np.sum(discounts[t + 1:] * r[t + 1:]) for t in range(T)], dtype=np.float32)
    return torch.from_numpy(out).to(rewards.dtype)
