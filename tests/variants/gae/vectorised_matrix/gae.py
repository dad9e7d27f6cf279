"""Correct, written differently: the advantages as a masked matrix product instead of a loop."""
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * next_values * torch.logical_not(terminated) - values


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    delta = td_residuals(rewards, values, next_values, terminated, gamma)
    T = delta.shape[0]
    keep = (~(terminated | truncated)).to(delta.dtype)          # (T,) or (T, N)
    flat = delta.reshape(T, -1)
    keep = keep.reshape(T, -1)
    adv = torch.zeros_like(flat)
    for col in range(flat.shape[1]):
        # weight[t, k] = (gamma*lam)^(k-t) * prod_{t <= j < k} keep[j]
        weight = torch.zeros(T, T, dtype=delta.dtype)
        for t in range(T):
            w = torch.ones((), dtype=delta.dtype)
            for k in range(t, T):
                weight[t, k] = w
                w = w * gamma * lam * keep[k, col]
        adv[:, col] = weight @ flat[:, col]
    adv = adv.reshape(delta.shape)
    return adv, adv + values
