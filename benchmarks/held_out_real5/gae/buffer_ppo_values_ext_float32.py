"""compute_gae in the rollout-buffer style: the value of the next state is taken from the NEXT
ROW of ``values`` (``values_ext = list(values) + [next_value]``), not from ``next_values``, and a
single ``done`` (terminated or truncated) both cuts the recursion and removes the bootstrap, so a
truncated step does not bootstrap; the advantages are collected in a float32 tensor.

Source: code-search file 55060874765, a PPO script's ``compute_gae(rewards, values, dones,
next_value, gamma=0.99, lam=0.95)``: ``values_ext = list(values) + [next_value]``; ``delta =
rewards[t] + gamma * values_ext[t + 1] * (1 - dones[t]) - values_ext[t]``; ``gae = delta + gamma
* lam * (1 - dones[t]) * gae``; ``advantages.insert(0, gae)``; ``advantages =
torch.tensor(advantages, dtype=torch.float32); returns = advantages + values``. Ported: ``dones``
is ``terminated | truncated`` (gymnasium's done), ``next_value`` the last row of
``next_values``; the per-step advantages are stacked (rows of a ``(T, N)`` batch) into the
source's float32 tensor.
"""
SOURCE = "code-search file 55060874765 (PPO script compute_gae, values_ext, float32 advantages)"
KIND = "gae: next row of values, done cuts the bootstrap"
CAUSE = r"truncat|bootstrap|next_values|values\[t ?\+ ?1\]|next (row|state)|shift|time.?limit"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    next_value = next_values[-1]
    advantages = []
    gae = 0
    values_ext = list(values) + [next_value]
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values_ext[t + 1] * (1 - dones[t]) - values_ext[t]
        gae = delta + gamma * lam * (1 - dones[t]) * gae
        advantages.insert(0, gae)
    advantages = torch.stack([torch.as_tensor(a) for a in advantages]).to(torch.float32)
    returns = advantages + values
    return advantages, returns
