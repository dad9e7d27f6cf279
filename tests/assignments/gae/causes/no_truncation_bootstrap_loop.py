"""done = terminated or truncated used in the TD error too: a truncated step does not
bootstrap from V(final observation)."""
CAUSE = r"not bootstrap at a truncation|must still bootstrap from next_values"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    done = (terminated | truncated).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    lastgaelam = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        delta = rewards[t] + gamma * next_values[t] * (1.0 - done[t]) - values[t]
        lastgaelam = delta + gamma * lam * (1.0 - done[t]) * lastgaelam
        advantages[t] = lastgaelam
    return advantages, advantages + values
