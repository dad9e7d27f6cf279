"""numpy float32: dones = np.logical_or(terminated, truncated) masks the bootstrap and the
recursion alike."""
CAUSE = r"not bootstrap at a truncation|must still bootstrap from next_values"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = np.logical_or(terminated.numpy(), truncated.numpy()).astype(np.float32)
    r, v, nv = (x.numpy().astype(np.float32) for x in (rewards, values, next_values))
    adv = np.zeros_like(r)
    gae = 0.0
    for t in reversed(range(len(r))):
        delta = r[t] + gamma * nv[t] * (1 - dones[t]) - v[t]
        gae = delta + gamma * lam * (1 - dones[t]) * gae
        adv[t] = gae
    advantages = torch.tensor(adv, dtype=rewards.dtype)
    return advantages, advantages + values
