"""compute_gae passes ``truncated`` to td_residuals where ``terminated`` belongs; float32 masks
for the recursion."""
CAUSE = r"takes the flags the other way round"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, truncated, gamma)
    alive = 1.0 - torch.logical_or(terminated, truncated).float()
    adv = torch.zeros_like(deltas)
    acc = torch.zeros_like(deltas[0])
    for t in range(deltas.shape[0] - 1, -1, -1):
        acc = deltas[t] + gamma * lam * alive[t] * acc
        adv[t] = acc
    return adv, adv + values
