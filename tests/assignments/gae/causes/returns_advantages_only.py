"""The value targets are the advantages themselves (the values never added back), numpy
float64 loop."""
CAUSE = r"returned the advantages alone|returns are advantages \+ values|advantages \+ values"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma).numpy()
    keep = 1.0 - np.logical_or(terminated.numpy(), truncated.numpy())
    adv = np.zeros_like(deltas)
    acc = np.zeros_like(deltas[0])
    for t in reversed(range(len(deltas))):
        acc = deltas[t] + gamma * lam * keep[t] * acc
        adv[t] = acc
    advantages = torch.from_numpy(adv)
    return advantages, advantages.clone()
