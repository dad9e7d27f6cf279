"""A discounted sum of TD errors with gamma as the decay (lambda forgotten) and no cut at
episode ends, written with a reversed cumulative sum over powers as vectorised snippets do."""
CAUSE = r"(?=.*(gamma\^\(k - t\)|`lam` is fixed at 1))(?=.*(never cut|across an episode))"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    delta = rewards + gamma * (~terminated).to(rewards.dtype) * next_values - values
    adv = torch.zeros_like(delta)
    running = torch.zeros_like(delta[0])
    for t in reversed(range(delta.shape[0])):
        running = delta[t] + gamma * running
        adv[t] = running
    return adv, adv + values
