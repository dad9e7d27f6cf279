"""The recursion cut with ``torch.where(done, delta, delta + gamma * lam * A)``, a list reversed
at the end."""
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    done = terminated | truncated
    out, running = [], torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        running = torch.where(done[t], deltas[t], deltas[t] + gamma * lam * running)
        out.append(running)
    advantages = torch.stack(out[::-1])
    return advantages, advantages + values
