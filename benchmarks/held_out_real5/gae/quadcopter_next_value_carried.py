"""compute_gae that carries the bootstrap value backwards (``next_value = values[t]`` after each
step), so the value of the next state is the NEXT ROW of ``values`` rather than ``next_values``,
and one ``done`` flag (terminated or truncated) both cuts the recursion and removes the
bootstrap: a truncated step does not bootstrap. The buffer is ``np.zeros_like(rewards)``.

Source: code-search file 213149870, a quadcopter PPO script: ``def compute_gae(rewards, values,
dones, next_value): adv = np.zeros_like(rewards); last_adv = 0; for t in reversed(...): delta =
rewards[t] + gamma * (1 - dones[t]) * next_value - values[t]; last_adv = delta + gamma * lam * (1
- dones[t]) * last_adv; adv[t] = last_adv; next_value = values[t]; return adv``. Ported: numpy
arrays of the tensors; ``gamma``, ``lam`` are the arguments (module globals in the source);
``dones`` is ``terminated | truncated``, ``next_value`` the last row of ``next_values``; the
contract's pair ``(adv, adv + values)`` is returned (the source's caller adds the values).
"""
SOURCE = "code-search file 213149870 (quadcopter PPO compute_gae, next_value = values[t])"
KIND = "gae: next row of values, done cuts the bootstrap"
CAUSE = r"truncat|bootstrap|next_values|values\[t ?\+ ?1\]|next (row|state)|shift|time.?limit"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rewards_np, values_np = rewards.detach().numpy(), values.detach().numpy()
    dones = (terminated | truncated).numpy().astype(rewards_np.dtype)
    next_value = next_values[-1].detach().numpy()
    adv = np.zeros_like(rewards_np)
    last_adv = 0
    for t in reversed(range(len(rewards_np))):
        delta = rewards_np[t] + gamma * (1 - dones[t]) * next_value - values_np[t]
        last_adv = delta + gamma * lam * (1 - dones[t]) * last_adv
        adv[t] = last_adv
        next_value = values_np[t]
    return torch.from_numpy(adv), torch.from_numpy(adv + values_np)
