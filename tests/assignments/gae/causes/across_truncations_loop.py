"""Only terminations cut the recursion (the old gym ``done`` read as ``terminated``): across a
truncation the next episode leaks in."""
CAUSE = r"cut at terminations only|crossed a truncation"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    mask = 1.0 - terminated.to(rewards.dtype)
    deltas = rewards + gamma * next_values * mask - values
    advantages = torch.empty_like(rewards)
    last = torch.zeros_like(rewards[0])
    for t in reversed(range(rewards.shape[0])):
        last = deltas[t] + gamma * lam * mask[t] * last
        advantages[t] = last
    return advantages, advantages + values
