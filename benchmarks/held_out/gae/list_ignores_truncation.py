"""compute_gae builds a Python list backwards and resets only at terminations."""
CAUSE = r"truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    out, acc = [], torch.zeros_like(deltas[0])
    for t in range(deltas.shape[0] - 1, -1, -1):
        acc = deltas[t] + gamma * lam * acc * (1.0 - terminated[t].to(deltas.dtype))
        out.append(acc)
    adv = torch.stack(out[::-1])
    return adv, adv + values
