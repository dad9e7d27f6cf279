"""numpy port: truncated steps are treated as terminal in the TD error (no bootstrap from
V(next)), and the recursion at a truncation keeps half of what follows (a `0.5 *` from a
mis-remembered soft cut); float32 arrays."""
CAUSE = r"truncat"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r = rewards.detach().numpy().astype(np.float32)
    v = values.detach().numpy().astype(np.float32)
    nv = next_values.detach().numpy().astype(np.float32)
    term = terminated.numpy()
    trunc = truncated.numpy()
    ended = (term | trunc).astype(np.float32)
    deltas = r + gamma * (1.0 - ended) * nv - v
    adv = np.zeros_like(deltas)
    last = np.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        cont = (1.0 - term[t].astype(np.float32)) * np.where(trunc[t], 0.5, 1.0)
        last = deltas[t] + gamma * lam * cont * last
        adv[t] = last
    out = torch.from_numpy(adv).to(rewards.dtype)
    return out, out + values
