"""compute_gae from a multi-agent PPO with curiosity (MAPPO + ICM): ``next_value`` starts as the
rollout's bootstrap value and is then set to ``values[t]`` after each step, so each step
bootstraps from the NEXT ROW's value; one ``dones`` flag masks both the bootstrap and the
recursion, so a truncated step is not bootstrapped; the advantages are collected in a list and
returned as a FLOAT32 tensor.

Source: code-search file 26203064823, ``def compute_gae(rewards, values, next_value, dones,
gamma=0.99, lam=0.95): advantages = []; gae = 0; for t in reversed(range(len(rewards))): delta =
rewards[t] + gamma * next_value * (1 - dones[t]) - values[t]; gae = delta + gamma * lam * (1 -
dones[t]) * gae; advantages.insert(0, gae); next_value = values[t]; return
torch.tensor(advantages, device=device, dtype=torch.float32)`` and ``returns = adv + values``.
Ported: ``next_value`` is ``next_values[-1]``, ``dones`` is ``terminated | truncated``; the list
is stacked into a float32 tensor (the source's ``torch.tensor`` of scalars) and the returns are
``adv + values``.
"""
SOURCE = "code-search file 26203064823"
KIND = "gae: next value from the next row, truncation not bootstrapped, float32"
CAUSE = r"bootstrap|truncat|next_values|next (row|state)|shift|reset|float32"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    next_value = next_values[-1]
    advantages = []
    gae = 0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * next_value * (1 - dones[t]) - values[t]
        gae = delta + gamma * lam * (1 - dones[t]) * gae
        advantages.insert(0, gae)
        next_value = values[t]
    adv = torch.stack(advantages).to(torch.float32)
    returns = adv + values
    return adv, returns
