"""compute_gae with torch.where for every mask and lambda in the TD error where gamma belongs."""
CAUSE = r"swaps gamma and lambda"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    zero = torch.zeros_like(next_values)
    deltas = rewards + lam * torch.where(terminated, zero, next_values) - values
    done = terminated | truncated
    out = []
    running = torch.zeros_like(deltas[0])
    for t in range(deltas.shape[0] - 1, -1, -1):
        running = deltas[t] + torch.where(done[t], torch.zeros_like(running),
                                          gamma * lam * running)
        out.append(running)
    advantages = torch.stack(out[::-1])
    return advantages, advantages + values
