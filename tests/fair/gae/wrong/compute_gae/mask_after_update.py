"""The episode-end mask applied after the update: an ended step's own advantage is zeroed."""
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dtype = rewards.dtype
    adv, last = torch.zeros_like(rewards), torch.zeros_like(rewards[0])
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * (~terminated[t]).to(dtype) * next_values[t] - values[t]
        last = (delta + gamma * lam * last) * (~(terminated[t] | truncated[t])).to(dtype)
        adv[t] = last
    return adv, adv + values
