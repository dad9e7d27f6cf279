"""torch.where on the truncated flag for the bootstrap, where the terminated one belongs."""
CAUSE = r"takes the flags the other way round"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    target = rewards + gamma * torch.where(truncated, torch.zeros_like(next_values), next_values)
    deltas = target - values
    done = terminated | truncated
    out, acc = [], torch.zeros_like(deltas[0])
    for t in reversed(range(len(deltas))):
        acc = torch.where(done[t], deltas[t], deltas[t] + gamma * lam * acc)
        out.insert(0, acc)
    advantages = torch.stack(out)
    return advantages, advantages + values
