"""numpy in float32 throughout, then back to the input's dtype: right to float32's precision."""
CORRECT = True

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = (x.numpy().astype(np.float32) for x in (rewards, values, next_values))
    alive = (~terminated.numpy()).astype(np.float32)
    keep = (~(terminated.numpy() | truncated.numpy())).astype(np.float32)
    adv, acc = np.zeros_like(r), np.zeros_like(r[0])
    for t in range(len(r) - 1, -1, -1):
        acc = r[t] + gamma * alive[t] * nv[t] - v[t] + gamma * lam * keep[t] * acc
        adv[t] = acc
    advantages = torch.from_numpy(adv).to(rewards.dtype)
    return advantages, advantages + values
