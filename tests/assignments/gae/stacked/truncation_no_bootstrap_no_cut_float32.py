"""At a truncated step the code neither bootstraps from V(next) nor cuts the recursion (it
treats a truncation as nothing at all, and as the end of the value too), with float32 inside:
every deviation lies at truncated steps."""
CAUSE = r"truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = rewards.float(), values.float(), next_values.float()
    stop = (terminated | truncated).float()
    deltas = r + gamma * nv * (1.0 - stop) - v
    keep = 1.0 - terminated.float()
    adv = torch.zeros_like(deltas)
    acc = torch.zeros_like(deltas[0])
    for t in range(len(deltas) - 1, -1, -1):
        acc = deltas[t] + gamma * lam * keep[t] * acc
        adv[t] = acc
    adv = adv.to(rewards.dtype)
    return adv, adv + values
