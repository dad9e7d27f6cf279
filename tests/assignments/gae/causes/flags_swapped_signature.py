"""A signature that reads ``(..., truncated, terminated, ...)``: every use of one flag is the
other's; the recursion, cut by both, is the same either way. numpy inside."""
CAUSE = r"takes the flags the other way round"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, truncated, terminated, gamma, lam):
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    term, trunc = terminated.numpy(), truncated.numpy()
    delta = r + gamma * nv * (1.0 - term) - v
    ends = np.logical_or(term, trunc)
    adv = np.zeros_like(r)
    last = 0.0
    for t in reversed(range(len(r))):
        last = delta[t] + (0.0 if np.all(ends[t]) else gamma * lam * (1.0 - ends[t]) * last)
        adv[t] = last
    advantages = torch.from_numpy(adv)
    return advantages, advantages + values
