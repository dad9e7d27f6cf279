"""numpy: gamma ** k from the episode's start, a reversed cumsum (the discount counted from the
wrong end: step t's own reward is discounted by gamma ** t)."""
CAUSE = r"discounted from the start of the episode|exponent counts from the wrong end"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.numpy()
    disc = r * (gamma ** np.arange(len(r))).astype(r.dtype)
    return torch.from_numpy(np.ascontiguousarray(np.cumsum(disc[::-1])[::-1]))
