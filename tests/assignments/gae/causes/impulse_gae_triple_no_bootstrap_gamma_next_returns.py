"""Three deviations: no bootstrap at a truncation (V(next) masked by any episode end), the
recursion decayed by gamma alone (lambda forgotten), and value targets built on next_values;
numpy float64 inside."""
CAUSE = r"(?=.*\(1 - `terminated or truncated`\[t\]\) `next_values`\[t\])(?=.*gamma\^\(k - t\))(?=.*plus `next_values`)"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = (terminated | truncated).numpy().astype(np.float64)
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    deltas = r + gamma * (1.0 - done) * nv - v
    adv = np.zeros_like(deltas)
    running = np.zeros_like(deltas[0])
    for t in range(len(deltas) - 1, -1, -1):
        running = deltas[t] + gamma * (1.0 - done[t]) * running
        adv[t] = running
    adv = torch.from_numpy(adv).to(rewards.dtype)
    return adv, adv + next_values
