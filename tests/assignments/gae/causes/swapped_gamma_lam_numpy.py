"""compute_gae in numpy whose signature reads ``(..., lam, gamma)``: the names swapped, so the
TD error discounts by lambda."""
CAUSE = r"swaps gamma and lambda"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, lam, gamma):
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    alive = 1.0 - terminated.numpy()
    keep = 1.0 - (terminated | truncated).numpy()
    delta = r + gamma * alive * nv - v
    adv = np.zeros_like(r)
    running = 0.0
    for t in range(len(r) - 1, -1, -1):
        running = delta[t] + gamma * lam * keep[t] * running
        adv[t] = running
    advantages = torch.from_numpy(adv)
    return advantages, advantages + values
