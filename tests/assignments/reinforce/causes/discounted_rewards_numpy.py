"""numpy: rewards * gamma ** arange(T), in float32; the cumulative sum was forgotten."""
CAUSE = r"gamma \*\* t \* r_t, each reward discounted by its own step"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.numpy().astype(np.float32)
    discounts = np.power(np.float32(gamma), np.arange(len(r), dtype=np.float32))
    return torch.from_numpy(r * discounts).to(rewards.dtype)
