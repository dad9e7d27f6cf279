"""numpy GAE in float32 whose loop starts at T - 2, the last row's advantage left at 0."""
CAUSE = r"starts one step before the rollout's end"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = (x.numpy().astype(np.float32) for x in (rewards, values, next_values))
    nonterminal = 1.0 - terminated.numpy()
    nondone = 1.0 - (terminated | truncated).numpy()
    T = r.shape[0]
    adv = np.zeros_like(r)
    for t in range(T - 2, -1, -1):
        delta = r[t] + gamma * nv[t] * nonterminal[t] - v[t]
        adv[t] = delta + gamma * lam * nondone[t] * adv[t + 1]
    advantages = torch.from_numpy(adv).to(rewards.dtype)
    return advantages, advantages + values
