"""compute_gae with no episode ends at all (no ``dones``: the recursion runs across terminations
and resets, and a terminated step bootstraps), no bootstrap at the end of the rollout (the value
after the last step is 0, ``values + [0]``, instead of ``next_values``), the next state's value
taken from the next row of ``values``, and the advantages then standardised (returns are computed
before that, from the raw advantages).

Source: code-search file 55387216049, an RL trading agent's ``_compute_gae(self, rewards,
values)``: ``rewards = np.array(rewards); values = np.array(values + [0]); advantages =
np.zeros_like(rewards); gae = 0.0; for t in reversed(...): delta = rewards[t] + gamma *
values[t + 1] - values[t]; gae = delta + gamma * gae_lambda * gae; advantages[t] = gae``;
``returns = advantages + values[:-1]; if advantages.std() > 1e-8: advantages = (advantages -
advantages.mean()) / (advantages.std() + 1e-8)``. Ported: numpy of the tensors (the appended 0 is a
row of zeros for a ``(T, N)`` batch); ``next_values``, ``terminated`` and ``truncated`` are
accepted and unused; tensors out.
"""
SOURCE = "code-search file 55387216049 (trading agent _compute_gae, values + [0], standardised)"
KIND = "gae: no episode ends, no bootstrap, standardised"
CAUSE = r"terminat|done|episode|across|reset|bootstrap|next_values|truncat|normali[sz]|standardi[sz]|whiten"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    rewards = rewards.detach().numpy()
    values_np = values.detach().numpy()
    values = np.concatenate([values_np, np.zeros_like(values_np[:1])])
    advantages = np.zeros_like(rewards)
    gae = 0.0
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * values[t + 1] - values[t]
        gae = delta + gamma * lam * gae
        advantages[t] = gae
    returns = advantages + values[:-1]
    if advantages.std() > 1e-8:
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    return torch.from_numpy(advantages), torch.from_numpy(returns)
