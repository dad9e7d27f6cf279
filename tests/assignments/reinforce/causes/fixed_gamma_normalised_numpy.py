"""numpy discount_rewards(r, gamma=0.99) with the returns normalised by np.std (population):
the default gamma kept, the argument ignored."""
CAUSE = r"gamma = 0\.99 whatever gamma is passed.*standardised \(minus their mean, over their population std\)"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.numpy()
    out = np.zeros_like(r)
    running = 0.0
    for t in reversed(range(r.size)):
        running = running * 0.99 + r[t]
        out[t] = running
    out -= np.mean(out)
    out /= np.std(out) + 1e-10
    return torch.from_numpy(out)
