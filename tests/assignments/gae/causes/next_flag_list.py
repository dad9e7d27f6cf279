"""A list-built recursion that checks ``done[t + 1]`` before carrying A_{t+1} back."""
CAUSE = r"NEXT step's done flag|not step t\+1's"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = terminated | truncated
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    T = deltas.shape[0]
    out = [deltas[T - 1]]
    for t in range(T - 2, -1, -1):
        carry = out[0] * (~done[t + 1]).to(deltas.dtype)
        out.insert(0, deltas[t] + gamma * lam * carry)
    advantages = torch.stack(out)
    return advantages, advantages + values
