"""``returns = advantages`` then ``returns += values``: one tensor, so the advantages come back
with the values added."""
CAUSE = r"advantages come out equal to your value targets"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    keep = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * keep[t] * gae
        advantages[t] = gae
    returns = advantages
    returns += values
    return advantages, returns
