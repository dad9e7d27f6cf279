"""Advantages standardised (sample std, eps 1e-8) before the returns are made from them, so
both outputs carry the standardisation; numpy, lastgaelam style."""
CAUSE = r"standardis"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    term = terminated.numpy().astype(r.dtype)
    done = np.logical_or(terminated.numpy(), truncated.numpy()).astype(r.dtype)
    adv, lastgaelam = np.zeros_like(r), 0.0
    for t in reversed(range(len(r))):
        delta = r[t] + gamma * (1 - term[t]) * nv[t] - v[t]
        adv[t] = lastgaelam = delta + gamma * lam * (1 - done[t]) * lastgaelam
    adv = (adv - adv.mean()) / (adv.std(ddof=1) + 1e-8)
    advantages = torch.from_numpy(adv)
    return advantages, advantages + values
