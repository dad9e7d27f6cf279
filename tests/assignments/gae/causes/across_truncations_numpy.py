"""numpy, float64: the recursion's mask is 1 - terminated; truncation is used nowhere."""
CAUSE = r"cut at terminations only|crossed a truncation"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = (x.double().numpy() for x in (rewards, values, next_values))
    nonterminal = 1.0 - terminated.numpy().astype(np.float64)
    adv = np.zeros_like(r)
    last = 0.0
    for t in reversed(range(r.shape[0])):
        delta = r[t] + gamma * nv[t] * nonterminal[t] - v[t]
        last = delta + gamma * lam * nonterminal[t] * last
        adv[t] = last
    advantages = torch.from_numpy(adv).to(rewards.dtype)
    return advantages, advantages + values
