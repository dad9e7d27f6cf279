"""Correct, written differently: builds the advantages in a Python list and stacks them;
masking by torch.where."""
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    bootstrap = torch.where(terminated, torch.zeros_like(next_values), next_values)
    return rewards - values + gamma * bootstrap


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    done = terminated.logical_or(truncated)
    out = []
    nxt = torch.zeros_like(deltas[-1])
    for t in range(deltas.shape[0] - 1, -1, -1):
        nxt = deltas[t] + torch.where(done[t], torch.zeros_like(nxt), gamma * lam * nxt)
        out.insert(0, nxt)
    advantages = torch.stack(out)
    return advantages, values + advantages
