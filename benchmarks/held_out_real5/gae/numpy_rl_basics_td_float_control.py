"""Control: td_residuals in numpy with every input cast to float (``np.asarray(x,
dtype=float)``, float64) and ``rewards + gamma * next_values * (1 - dones) - values``, the
terminal flags as ``dones``: exactly the contract's ``r + gamma * (1 - terminated) * V(s') - V(s)``,
computed in float64 and returned in the inputs' dtype.

Source: code-search file 66518958110, a numpy RL-basics module: ``def td_residuals(rewards, values,
next_values, dones, gamma): rewards = np.asarray(rewards, dtype=float); values = ...; next_values
= ...; dones = np.asarray(dones, dtype=float); return rewards + gamma * next_values * (1 - dones) -
values``. Ported: ``dones = terminated``; numpy of the tensors in, a tensor of the rewards' dtype
out.
"""
SOURCE = "code-search file 66518958110 (numpy RL basics td_residuals)"
KIND = "control"
CORRECT = True

import numpy as np
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    dtype = rewards.dtype
    rewards = np.asarray(rewards.detach().numpy(), dtype=float)
    values = np.asarray(values.detach().numpy(), dtype=float)
    next_values = np.asarray(next_values.detach().numpy(), dtype=float)
    dones = np.asarray(terminated.numpy(), dtype=float)
    return torch.from_numpy(rewards + gamma * next_values * (1 - dones) - values).to(dtype)
