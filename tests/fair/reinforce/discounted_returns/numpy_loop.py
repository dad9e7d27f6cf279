"""numpy inside: the rewards as an array of their own dtype, a backward loop, back to torch."""
import numpy as np
import torch


def discounted_returns(rewards, gamma):
    r = rewards.detach().cpu().numpy()
    out = np.zeros_like(r)
    running = r.dtype.type(0)
    for t in range(len(r) - 1, -1, -1):
        running = r[t] + gamma * running
        out[t] = running
    return torch.from_numpy(out)
