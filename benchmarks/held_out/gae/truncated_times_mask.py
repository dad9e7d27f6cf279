"""compute_gae multiplies the advantages by (not truncated) at the end."""
CAUSE = r"truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    keep = 1.0 - (terminated | truncated).to(deltas.dtype)
    adv = deltas.clone()
    for t in range(deltas.shape[0] - 2, -1, -1):
        adv[t] = deltas[t] + gamma * lam * keep[t] * adv[t + 1]
    adv = adv * (~truncated).to(adv.dtype)
    return adv, adv + values
