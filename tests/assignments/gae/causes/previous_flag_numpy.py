"""numpy: the done flags rolled down one row (np.roll, the first row then set to 0) before the
backward loop, so A_t is cut by done_{t-1}."""
CAUSE = r"PREVIOUS step's done flag"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma).numpy()
    done = np.roll((terminated | truncated).numpy().astype(deltas.dtype), 1, axis=0)
    done[0] = 0.0
    adv = np.zeros_like(deltas)
    acc = np.zeros_like(deltas[0])
    for t in range(len(deltas) - 1, -1, -1):
        acc = deltas[t] + gamma * lam * (1.0 - done[t]) * acc
        adv[t] = acc
    advantages = torch.from_numpy(adv)
    return advantages, advantages + values
