"""Done read as ``terminated`` in both places (a port from gym's single ``done`` that kept only
the terminal flag), written with ``torch.where`` and a running tensor."""
CAUSE = r"cut at terminations only|crossed a truncation"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = terminated
    deltas = rewards + torch.where(done, torch.zeros_like(next_values), gamma * next_values) - values
    running = torch.zeros_like(deltas[-1])
    out = []
    for t in range(deltas.shape[0] - 1, -1, -1):
        running = torch.where(done[t], deltas[t], deltas[t] + gamma * lam * running)
        out.append(running)
    advantages = torch.stack(out[::-1])
    return advantages, advantages + values
