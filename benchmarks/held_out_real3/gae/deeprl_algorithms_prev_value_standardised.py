"""compute_gae that takes V(s_{t+1}) from the next row of ``values`` (0 after the last row) instead
of ``next_values``, so a truncated step and the last step of the data bootstrap from nothing;
the deltas and advantages live in float32 buffers; and the advantages it returns are
standardised (minus their mean, over their std + 1e-10) while the returns use the raw ones.

Source: Renzhenxuexidemaimai/DeepRL_Algorithms, Common/GAE.py, ``estimate_advantages(rewards,
masks, values, gamma, tau)``: ``deltas = FLOAT(rewards.size(0), 1)``, ``prev_value = 0``, ``for i
in reversed(...)``: ``deltas[i] = rewards[i] + gamma * prev_value * masks[i] - values[i]``,
``advantages[i] = deltas[i] + gamma * tau * prev_advantage * masks[i]``, ``prev_value =
values[i, 0]``; ``returns = values + advantages``; ``advantages = (advantages -
advantages.mean()) / (advantages.std() + 1e-10)``. Ported: ``masks`` is ``1 - (terminated |
truncated)``; ``FLOAT`` (float32) buffers shaped like the rewards; ``tau`` is ``lam``.
"""
SOURCE = "Renzhenxuexidemaimai/DeepRL_Algorithms Common/GAE.py (estimate_advantages)"
KIND = "gae: next row's value + standardised advantages"
CAUSE = (r"standardi[sz]|normali[sz]|zero mean|unit variance|next row|values\[t ?\+ ?1\]|"
         r"shift|bootstrap|truncat|last step|end of the (data|rollout|batch)|float32")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    masks = 1.0 - (terminated | truncated).to(rewards.dtype)
    deltas = torch.zeros(rewards.shape, dtype=torch.float32)
    advantages = torch.zeros(rewards.shape, dtype=torch.float32)
    prev_value = 0
    prev_advantage = 0
    for i in reversed(range(rewards.size(0))):
        deltas[i] = rewards[i] + gamma * prev_value * masks[i] - values[i]
        advantages[i] = deltas[i] + gamma * lam * prev_advantage * masks[i]
        prev_value = values[i]
        prev_advantage = advantages[i]
    returns = values + advantages
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-10)
    return advantages, returns
