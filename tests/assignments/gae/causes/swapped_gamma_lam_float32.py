"""compute_gae with the discount and lambda swapped in the bootstrap, every intermediate in
float32 (``torch.float32`` buffers) and cast back."""
CAUSE = r"swaps gamma and lambda"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    r, v, nv = rewards.float(), values.float(), next_values.float()
    deltas = r + lam * nv * (~terminated).float() - v
    done = (terminated | truncated).float()
    advantages = torch.zeros_like(r)
    carry = torch.zeros_like(r[0])
    for t in reversed(range(r.shape[0])):
        carry = deltas[t] + gamma * lam * (1 - done[t]) * carry
        advantages[t] = carry
    advantages = advantages.to(rewards.dtype)
    return advantages, advantages + values
