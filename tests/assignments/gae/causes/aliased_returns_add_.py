"""The value targets made with ``advantages.add_(values)``: the in-place add returns the same
tensor, so both outputs are advantages + values (float32 mask besides)."""
CAUSE = r"advantages come out equal to your value targets"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = rewards + gamma * (1 - terminated.float()).to(rewards.dtype) * next_values - values
    done = terminated | truncated
    adv = deltas.clone()
    for t in range(adv.shape[0] - 2, -1, -1):
        adv[t] += gamma * lam * (~done[t]).to(adv.dtype) * adv[t + 1]
    return adv, adv.add_(values)
