"""numpy GAE with GAMMA = 0.99 in the code (lambda from the argument), the advantages normalised
with np.std (population) and eps 1e-8, the targets computed before that."""
CAUSE = r"gamma = 0\.99 whatever is passed.*standardised inside compute_gae \(minus their mean, over their population std\)"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    GAMMA = 0.99
    r, v, nv = rewards.numpy(), values.numpy(), next_values.numpy()
    nonterm = 1.0 - terminated.numpy()
    notdone = 1.0 - (terminated | truncated).numpy()
    delta = r + GAMMA * nv * nonterm - v
    adv = np.copy(delta)
    for t in range(r.shape[0] - 2, -1, -1):
        adv[t] += GAMMA * lam * notdone[t] * adv[t + 1]
    ret = adv + v
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    return torch.from_numpy(adv), torch.from_numpy(ret)
