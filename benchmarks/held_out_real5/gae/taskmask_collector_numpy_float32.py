"""compute_gae with the next state's value from the next row of ``values`` (``next_value`` only
at the last step), one ``done`` flag (terminated or truncated) that both cuts the recursion and
removes the bootstrap (a truncated step does not bootstrap), and the advantages in a numpy
float32 buffer.

Source: code-search file 53755913063, a masked-action PPO with a rollout collector thread,
"GAE Advantage Estimation": ``advantages = np.zeros(T, dtype=np.float32)``; ``next_v = next_value
if t == T - 1 else values[t + 1]; not_done = 1.0 - dones[t]; delta = rewards[t] + GAMMA * next_v *
not_done - values[t]; advantages[t] = last_adv = delta + GAMMA * LAMBDA * not_done * last_adv``;
``returns = advantages + values``. Ported: numpy arrays of the tensors in and tensors out (the
buffer takes the shape of ``rewards``); ``GAMMA``, ``LAMBDA`` are the arguments; ``dones`` is
``terminated | truncated``, ``next_value`` the last row of ``next_values``.
"""
SOURCE = "code-search file 53755913063 (masked-action PPO compute_gae, numpy float32 buffer)"
KIND = "gae: next row of values, done cuts the bootstrap"
CAUSE = r"truncat|bootstrap|next_values|values\[t ?\+ ?1\]|next (row|state)|shift|time.?limit"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    GAMMA, LAMBDA = gamma, lam
    rewards_np, values_np = rewards.detach().numpy(), values.detach().numpy()
    dones = (terminated | truncated).numpy().astype(rewards_np.dtype)
    next_value = next_values[-1].detach().numpy()
    T = len(rewards_np)
    advantages = np.zeros(rewards_np.shape, dtype=np.float32)
    last_adv = 0.0
    for t in reversed(range(T)):
        next_v = next_value if t == T - 1 else values_np[t + 1]
        not_done = 1.0 - dones[t]
        delta = rewards_np[t] + GAMMA * next_v * not_done - values_np[t]
        advantages[t] = last_adv = delta + GAMMA * LAMBDA * not_done * last_adv
    returns = advantages + values_np
    return torch.from_numpy(advantages), torch.from_numpy(returns)
