"""compute_gae with no episode boundaries at all and no final bootstrap (the value after the
last step is taken as 0): the recursion runs across every episode's end, and the advantages
are standardised after the returns are formed.

Source: public code in the code-search corpus (file id 56173209572, a poker PPO trainer's
returns/advantages method; the index does not name the repository): ``next_value =
torch.tensor(0.0)``, ``delta = rewards[t] + Config.GAMMA * next_value - values[t]``,
``next_adv = delta + Config.GAMMA * Config.GAE_LAMBDA * next_adv``, ``returns[t] =
advantages[t] + values[t]``, ``next_value = values[t]``, then ``std =
advantages.std().clamp(min=1e-6)``, ``advantages = (advantages - advantages.mean()) / std``.
Ported: ``Config.GAMMA`` / ``Config.GAE_LAMBDA`` are the arguments; the flags are unused, as
in the source.
"""
SOURCE = "code-search file 56173209572 (returns and advantages without dones)"
KIND = "gae: no episode ends"
CAUSE = (r"episode|done|terminat|truncat|across|standardi|normali|bootstrap|"
         r"next_values")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    returns = torch.zeros_like(rewards)
    advantages = torch.zeros_like(rewards)
    next_adv = torch.tensor(0.0, dtype=rewards.dtype)
    next_value = torch.tensor(0.0, dtype=rewards.dtype)
    for t in reversed(range(rewards.shape[0])):
        delta = rewards[t] + gamma * next_value - values[t]
        next_adv = delta + gamma * lam * next_adv
        advantages[t] = next_adv
        returns[t] = advantages[t] + values[t]
        next_value = values[t]
    std = advantages.std().clamp(min=1e-6)
    advantages = (advantages - advantages.mean()) / std
    return advantages, returns
