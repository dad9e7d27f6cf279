"""compute_gae that folds truncation into termination before anything else (done = terminated
| truncated used as the TD error's mask too), vectorised with torch.where, float32, and an eps
added to the returns."""
CAUSE = r"truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = terminated | truncated
    nv = torch.where(done, torch.zeros_like(next_values), next_values).float()
    deltas = rewards.float() + gamma * nv - values.float()
    adv = torch.zeros_like(deltas)
    carry = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        carry = torch.where(done[t], deltas[t], deltas[t] + gamma * lam * carry)
        adv[t] = carry
    adv = adv.to(rewards.dtype)
    return adv, adv + values + 1e-9
