"""A mask shifted up by one row with ``torch.cat`` (the last row kept going), float32 mask."""
CAUSE = r"NEXT step's done flag|not step t\+1's"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    alive = 1.0 - (terminated | truncated).float()
    keep = torch.cat([alive[1:], torch.ones_like(alive[:1])]).to(deltas.dtype)
    advantages = torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * keep[t] * gae
        advantages[t] = gae
    return advantages, advantages + values
