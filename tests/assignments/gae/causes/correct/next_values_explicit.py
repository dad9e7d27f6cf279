"""A loop that reads next_values at an episode end and values[t + 1] elsewhere: the same number
on every consistent rollout, since next_values[t] is V(s_{t+1}) (here only where no episode
ended, so it is next_values everywhere that matters)."""
CORRECT = True

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    T = rewards.shape[0]
    alive = (~terminated).to(rewards.dtype)
    keep = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(rewards)
    gae = torch.zeros_like(rewards[0])
    for t in reversed(range(T)):
        nxt = next_values[t]
        gae = rewards[t] + gamma * alive[t] * nxt - values[t] + gamma * lam * keep[t] * gae
        advantages[t] = gae
    return advantages, advantages + values
