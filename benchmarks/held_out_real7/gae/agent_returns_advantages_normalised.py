"""compute_gae from an agent's ``calculate_returns_and_advantages``: one ``dones`` flag masks both
the bootstrap and the recursion (a TRUNCATED step is not bootstrapped), the returns are
``advantages + values``, and the advantages are then STANDARDISED (minus their mean, over their
numpy std + 1e-8) before they are returned.

Source: code-search file 2175760165, ``deltas = rewards + gamma * next_values * (1 - dones) -
values; advantages = np.zeros_like(deltas); last_advantage = 0; for t in
reversed(range(len(deltas))): advantages[t] = deltas[t] + gamma * lambda_ * (1 - dones[t]) *
last_advantage; last_advantage = advantages[t]; returns = advantages + values; advantages =
(advantages - advantages.mean()) / (advantages.std() + 1e-8)``. Ported: ``dones`` is
``terminated | truncated``; tensors instead of numpy arrays (``std`` with ``unbiased=False``,
numpy's default).
"""
SOURCE = "code-search file 2175760165"
KIND = "gae: advantages standardised, truncation not bootstrapped"
CAUSE = r"standardi|normali|mean|std|standard deviation|bootstrap|truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    deltas = rewards + gamma * next_values * (1 - dones) - values
    advantages = torch.zeros_like(deltas)
    last_advantage = 0
    for t in reversed(range(len(deltas))):
        advantages[t] = deltas[t] + gamma * lam * (1 - dones[t]) * last_advantage
        last_advantage = advantages[t]
    returns = advantages + values
    advantages = (advantages - advantages.mean()) / (advantages.std(unbiased=False) + 1e-8)
    return advantages, returns
