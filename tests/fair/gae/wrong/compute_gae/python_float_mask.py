"""gamma * lam * (~done): a Python float times a bool tensor is float32, whatever the rewards."""
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    delta = rewards + gamma * next_values * (~terminated) - values
    keep = gamma * lam * (~(terminated | truncated))
    adv, acc = torch.zeros_like(delta), torch.zeros_like(delta[0])
    for t in range(delta.shape[0] - 1, -1, -1):
        acc = delta[t] + keep[t] * acc
        adv[t] = acc
    return adv, adv + values
