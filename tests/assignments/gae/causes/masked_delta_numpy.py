"""numpy GAE with ``delta *= nonterminal`` after the TD error, terminations only."""
CAUSE = r"TD error is multiplied by \(1 - terminated_t\) as a whole"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    nonterminal = 1 - terminated.numpy().astype(r.dtype)
    notdone = 1 - (terminated | truncated).numpy().astype(r.dtype)
    delta = r + gamma * nv - v
    delta *= nonterminal
    adv = np.zeros_like(r)
    acc = np.zeros_like(r[0])
    for t in range(len(r) - 1, -1, -1):
        acc = delta[t] + gamma * lam * notdone[t] * acc
        adv[t] = acc
    out = torch.from_numpy(adv)
    return out, out + values
