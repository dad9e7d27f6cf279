"""No bootstrap at a truncation, and the recursion never cut (a mask in the TD error only):
a pair of mistakes."""
CAUSE = r"not bootstrap at a truncation.*recursion runs across episode ends"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = terminated | truncated
    deltas = rewards + gamma * next_values * (~dones) - values
    advantages = torch.zeros_like(deltas)
    acc = torch.zeros_like(deltas[0])
    for t in reversed(range(len(deltas))):
        acc = deltas[t] + gamma * lam * acc
        advantages[t] = acc
    return advantages, advantages + values
