"""Correct: GAE as a matrix of cumulative products of gamma * lam * (1 - done) over the steps
between t and k, applied to the TD errors (a vectorised form, no loop over the recursion)."""
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = rewards + gamma * (~terminated).to(rewards.dtype) * next_values - values
    keep = gamma * lam * (~(terminated | truncated)).to(rewards.dtype)
    T = rewards.shape[0]
    adv = torch.zeros_like(deltas)
    for t in range(T):
        weight = torch.ones_like(deltas[0])
        for k in range(t, T):
            adv[t] = adv[t] + weight * deltas[k]
            weight = weight * keep[k]
    return adv, adv + values
