"""At a terminated step the code cuts the recursion but keeps gamma * V(next) in the TD error,
and its returns drop V at terminated steps; float64 inside (a careful student), both wrong only
where an episode terminates."""
CAUSE = r"terminat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = rewards.double(), values.double(), next_values.double()
    deltas = r + gamma * nv - v
    done = (terminated | truncated).double()
    adv = torch.zeros_like(deltas)
    nxt = torch.zeros_like(deltas[0])
    for t in reversed(range(len(r))):
        nxt = deltas[t] + gamma * lam * (1 - done[t]) * nxt
        adv[t] = nxt
    ret = adv + v * (1 - terminated.double())
    return adv.to(rewards.dtype), ret.to(rewards.dtype)
