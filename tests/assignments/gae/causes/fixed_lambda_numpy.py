"""compute_gae in numpy with self.lam = 0.95 of a PPO class where lam belongs; float32 arrays."""
CAUSE = r"lambda = 0\.95 whatever is passed"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    LAM = 0.95
    r, v, nv = (x.numpy().astype(np.float32) for x in (rewards, values, next_values))
    term, done = terminated.numpy(), (terminated | truncated).numpy()
    delta = r + gamma * nv * (1 - term) - v
    adv = delta.copy()
    for t in range(r.shape[0] - 2, -1, -1):
        adv[t] += gamma * LAM * (1 - done[t]) * adv[t + 1]
    advantages = torch.from_numpy(adv).to(rewards.dtype)
    return advantages, advantages + values
