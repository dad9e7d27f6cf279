"""``torch.where(truncated, 0, delta)`` in a vectorised TD error with float32 inside, cut at
every end."""
CAUSE = r"truncated step is 0|truncated step's advantage is not 0"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = rewards.float(), values.float(), next_values.float()
    delta = r + gamma * (~terminated).float() * nv - v
    delta = torch.where(truncated, torch.zeros_like(delta), delta)
    keep = (~(terminated | truncated)).float()
    adv = torch.zeros_like(delta)
    run = torch.zeros_like(delta[0])
    for t in reversed(range(delta.shape[0])):
        run = delta[t] + gamma * lam * keep[t] * run
        adv[t] = run
    advantages = adv.to(rewards.dtype)
    return advantages, advantages + values
