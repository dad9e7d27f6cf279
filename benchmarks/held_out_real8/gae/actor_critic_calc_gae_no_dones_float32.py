"""compute_gae from a PPO agent's ``calc_gae``: the rewards and values are copied into float32
tensors; there are no done flags at all, each step bootstraps from the next row of ``values``, and
the last step bootstraps from 0; it returns only the returns (advantages plus values).

Source: code-search file 39411449563, ``def calc_gae(self, rewards, values, gamma=0.99, lam=0.95):
rewards = torch.tensor(rewards, dtype=torch.float32, ...); values = torch.tensor(values,
dtype=torch.float32, ...); ... for i in reversed(range(len(rewards))): if i == len(rewards) - 1:
next_value = 0 else: next_value = values[i + 1]; delta = rewards[i] + gamma * next_value -
values[i]; gae = delta + gamma * lam * gae; returns[i] = gae + values[i]``. Ported: the
advantages are the returns minus the float32 values; the dones and ``next_values`` are received
and unused.
"""
SOURCE = "code-search file 39411449563"
KIND = "gae: no dones, last value 0, float32"
CAUSE = r"terminat|done|episode|across|bootstrap|next_values|last (step|row)|zero|reset"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rewards = rewards.to(torch.float32)
    values = values.to(torch.float32)
    returns = torch.zeros_like(rewards)
    gae = 0
    for i in reversed(range(len(rewards))):
        if i == len(rewards) - 1:
            next_value = 0
        else:
            next_value = values[i + 1]
        delta = rewards[i] + gamma * next_value - values[i]
        gae = delta + gamma * lam * gae
        returns[i] = gae + values[i]
    return returns - values, returns
