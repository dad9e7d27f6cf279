"""No flags at all and values[t + 1] as the next value (a single-episode textbook loop run on
a rollout of several episodes), float32 inside."""
CAUSE = r"values\[t \+ 1\], the next ROW's value, at every step.*recursion runs across"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    v = torch.cat([values, next_values[-1:]]).float()
    r = rewards.float()
    adv = torch.zeros_like(r)
    gae = torch.zeros_like(r[0])
    for t in reversed(range(r.shape[0])):
        delta = r[t] + gamma * v[t + 1] - v[t]
        gae = delta + gamma * lam * gae
        adv[t] = gae
    advantages = adv.to(rewards.dtype)
    return advantages, advantages + values
