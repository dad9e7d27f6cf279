"""compute_gae with the contract's masks that only works for ``(T, N)`` rollouts: it starts with
``n_steps, _n_envs = rewards.shape``, which raises for one environment's ``(T,)`` inputs.

Source: code-search file 56712624035 (an RL research package's PPO, ``compute_gae``):
"``dones[t] = terminated[t] | truncated[t]`` breaks the GAE λ chain", ``n_steps, _n_envs =
rewards.shape``, ``advantages = torch.zeros_like(rewards)``, ``last_gae =
torch.zeros_like(rewards[0])``, ``for t in reversed(range(n_steps)): delta = rewards[t] + gamma *
next_values[t] * (1.0 - terminated[t]) - values[t]; last_gae = delta + gamma * lam * (1.0 -
dones[t]) * last_gae``, ``returns = advantages + values``. Ported: ``dones = terminated |
truncated`` and both flags as floats (the package stores them as float tensors).
"""
SOURCE = "code-search file 56712624035 (compute_gae, n_steps, _n_envs = rewards.shape)"
KIND = "gae: (T, N) only"
CAUSE = r"\(T,\)|one environment|single environment|1-?d|one.?dim|shape|unpack|two.?dim|2-?d|rank|raises|exception|error"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    terminated = terminated.to(rewards.dtype)
    n_steps, _n_envs = rewards.shape
    advantages = torch.zeros_like(rewards)
    last_gae = torch.zeros_like(rewards[0])
    for t in reversed(range(n_steps)):
        delta = rewards[t] + gamma * next_values[t] * (1.0 - terminated[t]) - values[t]
        last_gae = delta + gamma * lam * (1.0 - dones[t]) * last_gae
        advantages[t] = last_gae
    returns = advantages + values
    return advantages, returns
