"""Targets masked as a whole by terminated, through torch.where, and the recursion written with
a list."""
CAUSE = r"multiplies the whole target"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    targets = torch.where(terminated, torch.zeros_like(rewards), rewards + gamma * next_values)
    deltas = targets - values
    done = terminated | truncated
    acc, out = torch.zeros_like(deltas[0]), []
    for t in reversed(range(deltas.shape[0])):
        acc = deltas[t] + gamma * lam * (~done[t]).to(deltas.dtype) * acc
        out.append(acc)
    advantages = torch.stack(out[::-1])
    return advantages, advantages + values
