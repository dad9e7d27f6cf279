"""compute_gae that returns its pair the other way round, ``(returns, advantages)``; V(s_{t+1}) is
the next row's value (``next_value = values[t]`` carried backwards, 0 after the last row, so the
last step never bootstraps), and a truncated step counts as done (no bootstrap from its last
observation).

Source: code-search file 9312287957, ``compute_gae(rewards, values, dones, gamma, lam)``:
``next_value = 0.0``; ``for t in reversed(range(len(rewards))): mask = 1.0 - dones[t]; delta =
rewards[t] + gamma * next_value * mask - values[t]; gae = delta + gamma * lam * mask * gae;
advantages[t] = gae; next_value = values[t]``; ``returns = advantages + values; return returns,
advantages``. Ported: ``dones = terminated | truncated`` (as floats); the tensors go through numpy
(``.numpy()``, ``torch.from_numpy`` back).
"""
SOURCE = "code-search file 9312287957 (compute_gae returning returns, advantages)"
KIND = "gae: pair returned in the wrong order (plus next row's value)"
CAUSE = (r"swap|order|other way|returns? (first|and advantages)|reversed|pair|(exchang|interchang|mix)\w*|"
         r"next row|values\[t ?\+ ?1\]|shift|next_values|bootstrap|truncat|last step")

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rewards = rewards.numpy()
    values = values.numpy()
    dones = (terminated | truncated).numpy().astype(rewards.dtype)
    advantages = np.zeros_like(rewards)
    returns = np.zeros_like(rewards)
    gae = 0.0
    next_value = 0.0

    for t in reversed(range(len(rewards))):
        mask = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * mask - values[t]
        gae = delta + gamma * lam * mask * gae
        advantages[t] = gae
        next_value = values[t]

    returns = advantages + values
    return torch.from_numpy(returns), torch.from_numpy(advantages)
