"""numpy, CleanRL's way: lastgaelam carried backwards."""
import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = (x.detach().numpy() for x in (rewards, values, next_values))
    term, done = terminated.numpy(), (terminated | truncated).numpy()
    adv = np.zeros_like(r)
    lastgaelam = np.zeros_like(r[0])
    for t in reversed(range(len(r))):
        delta = r[t] + gamma * nv[t] * (1 - term[t]) - v[t]
        lastgaelam = delta + gamma * lam * (1 - done[t]) * lastgaelam
        adv[t] = lastgaelam
    return torch.from_numpy(adv), torch.from_numpy(adv + v)
