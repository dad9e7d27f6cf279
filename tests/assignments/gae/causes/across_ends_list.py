"""Builds the advantages in a list, inserting at the front; the done flags never enter the
recursion (only the TD errors of td_residuals see them)."""
CAUSE = r"recursion runs across episode ends|leaked across an episode boundary"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    out, gae = [], torch.zeros_like(deltas[0])
    for delta in reversed(list(deltas)):
        gae = delta + gamma * lam * gae
        out.insert(0, gae)
    advantages = torch.stack(out)
    return advantages, advantages + values
