"""Advantages standardised inside compute_gae with the population std and eps 1e-5 (the loss's
job, done here); the returns come from the raw advantages."""
CAUSE = r"standardised"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    keep = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    gae = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        gae = deltas[t] + gamma * lam * keep[t] * gae
        advantages[t] = gae
    returns = advantages + values
    return (advantages - advantages.mean()) / (advantages.std(unbiased=False) + 1e-5), returns
