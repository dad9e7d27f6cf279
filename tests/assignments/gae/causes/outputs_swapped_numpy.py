"""numpy GAE whose return line names the lambda-returns first (``return lam_returns, adv``)."""
CAUSE = r"other order, \(returns, advantages\)"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    term, trunc = terminated.numpy(), truncated.numpy()
    adv = np.zeros_like(r)
    lastgaelam = 0
    for t in reversed(range(len(r))):
        delta = r[t] + gamma * nv[t] * (1 - term[t]) - v[t]
        lastgaelam = delta + gamma * lam * (1 - (term[t] | trunc[t])) * lastgaelam
        adv[t] = lastgaelam
    lam_returns = adv + v
    return torch.from_numpy(lam_returns), torch.from_numpy(adv)
