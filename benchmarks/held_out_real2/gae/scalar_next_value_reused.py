"""compute_gae that takes one bootstrap value for the rollout's end and, going backwards, uses
the next row's ``values`` as every other step's next value: at a truncated step that is the
value of the next episode's first state, masked to zero by the done flag, so a truncation
never bootstraps from its own final observation.

Source: public code in the code-search corpus (file id 19701300737, ``compute_gae(rewards,
values, dones, next_value, gamma, lam)`` beside a ``PPOTrainer``): ``delta = rewards[step] +
gamma * next_value * (1 - dones[step]) - values[step]``, ``gae = delta + gamma * lam * (1 -
dones[step]) * gae``, ``next_value = values[step]``, ``returns = advantages + values``.
Ported: ``dones`` = terminated or truncated, ``next_value`` = the last step's next value; the
(returns, advantages) pair reordered to the contract's.
"""
SOURCE = "code-search file 19701300737 (compute_gae with a scalar next_value)"
KIND = "gae: no bootstrap at truncation"
CAUSE = r"truncat|next_values|bootstrap"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    next_value = next_values[-1]
    advantages = torch.zeros_like(rewards)
    gae = 0.0
    for step in reversed(range(len(rewards))):
        delta = rewards[step] + gamma * next_value * (1 - dones[step]) - values[step]
        gae = delta + gamma * lam * (1 - dones[step]) * gae
        advantages[step] = gae
        next_value = values[step]
    returns = advantages + values
    return advantages, returns
