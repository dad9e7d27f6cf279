"""The TD error of a truncated step set to 0 (``delta *= 1 - truncated``), advantages cut at
every end."""
CAUSE = r"truncated step is 0|truncated step's advantage is not 0"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    deltas = deltas * (1 - truncated.to(deltas.dtype))
    done = (terminated | truncated).to(deltas.dtype)
    advantages = torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * (1 - done[t]) * gae
        advantages[t] = gae
    return advantages, advantages + values
