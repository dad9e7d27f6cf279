"""An inline GAE loop whose TD error subtracts V(s_{t+1}) where V(s_t) belongs."""
CAUSE = r"subtracts the NEXT state's value"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    alive = (~terminated).to(rewards.dtype)
    keep = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    gae = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        delta = rewards[t] + gamma * alive[t] * next_values[t] - next_values[t]
        gae = delta + gamma * lam * keep[t] * gae
        advantages[t] = gae
    return advantages, advantages + values
