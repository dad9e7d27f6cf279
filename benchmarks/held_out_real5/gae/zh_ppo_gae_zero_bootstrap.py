"""compute_gae with no episode ends (no ``dones``: the recursion runs across terminations, and a
terminated step bootstraps from the next row), the next state's value from the NEXT ROW of
``values`` rather than ``next_values``, and a bootstrap value of 0 after the last step
(``values + [0.0]``), so the end of the rollout never bootstraps from ``next_values``.

Source: code-search file 61409179365, a PPO script ("GAE + PPO Update", "计算 GAE"): ``def
compute_gae(rewards, values, gamma, gae_lambda): advantages = []; gae = 0.0; values = values +
[0.0]; for t in reversed(...): delta = rewards[t] + gamma * values[t + 1] - values[t]; gae =
delta + gamma * gae_lambda * gae; advantages.insert(0, gae); returns = np.array(advantages) +
np.array(values[:-1]); return np.array(advantages), returns``. Ported: the rows of the tensors as
the lists (a ``(T, N)`` batch gives rows of N), tensors of the answers' dtype out;
``next_values``, ``terminated`` and ``truncated`` are accepted and unused.
"""
SOURCE = "code-search file 61409179365 (PPO script compute_gae, values + [0.0])"
KIND = "gae: no episode ends, no bootstrap"
CAUSE = r"terminat|done|episode|across|reset|bootstrap|next_values|truncat|next (row|state)"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gae_lambda = lam
    rewards = [r.numpy() for r in rewards.detach()]
    values = [v.numpy() for v in values.detach()]
    advantages = []
    gae = 0.0
    values = values + [0.0]
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] - values[t]
        gae = delta + gamma * gae_lambda * gae
        advantages.insert(0, gae)
    returns = np.array(advantages) + np.array(values[:-1])
    dtype = next_values.dtype
    return torch.as_tensor(np.array(advantages)).to(dtype), torch.as_tensor(returns).to(dtype)
