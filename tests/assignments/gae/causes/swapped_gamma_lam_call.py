"""compute_gae calls td_residuals with lam where gamma belongs (positional arguments mixed up);
masks built with .float()."""
CAUSE = r"swaps gamma and lambda"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, lam)
    keep = 1.0 - (terminated | truncated).float()
    adv = torch.zeros_like(deltas)
    acc = 0.0
    for t in range(deltas.shape[0] - 1, -1, -1):
        acc = deltas[t] + gamma * lam * keep[t].to(deltas.dtype) * acc
        adv[t] = acc
    return adv, adv + values
