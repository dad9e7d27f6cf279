"""values[t + 1] as the next value (masked by terminated), the recursion cut at every end,
written vectorised for the TD errors."""
CAUSE = r"values\[t \+ 1\]"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    nxt = torch.cat([values[1:], next_values[-1:]])
    deltas = rewards + gamma * (~terminated).to(rewards.dtype) * nxt - values
    keep = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    run = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        run = deltas[t] + gamma * lam * keep[t] * run
        advantages[t] = run
    return advantages, advantages + values
