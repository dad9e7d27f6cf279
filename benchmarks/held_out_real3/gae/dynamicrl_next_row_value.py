"""compute_gae in stable-baselines' shape but with the done flag of step t on the next row's
value: V(s_{t+1}) is ``values[t + 1]`` (the rollout's ``last_value`` after the last row), zeroed
where step t ended, so a truncated step is treated as terminal (no bootstrap from its last
observation).

Source: alikhaniaa/DynamicRL, dynamicrl/core/advantage.py, ``compute_gae_advantages(rewards,
dones, values, last_value, gamma, gae_lambda)``: ``if t == buffer_size - 1: next_value =
last_value else: next_value = values[t + 1]``, ``next_non_terminal = 1.0 - dones[t]``, ``delta =
rewards[t] + gamma * next_value * next_non_terminal - values[t]``, ``last_gae_lam = delta +
gamma * gae_lambda * next_non_terminal * last_gae_lam``, ``returns = advantages + values``.
Ported: ``dones = terminated | truncated``; ``last_value = next_values[-1]``.
"""
SOURCE = "alikhaniaa/DynamicRL dynamicrl/core/advantage.py (compute_gae_advantages)"
KIND = "gae: truncation as termination (next row's value)"
CAUSE = (r"truncat|bootstrap|next row|values\[t ?\+ ?1\]|following row|shift|"
         r"next_values|termination")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dones = (terminated | truncated).to(rewards.dtype)
    last_value = next_values[-1]
    buffer_size = len(rewards)
    advantages = torch.zeros_like(rewards)
    last_gae_lam = 0
    for t in reversed(range(buffer_size)):
        if t == buffer_size - 1:
            next_value = last_value
        else:
            next_value = values[t + 1]
        next_non_terminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * next_non_terminal - values[t]
        last_gae_lam = delta + gamma * lam * next_non_terminal * last_gae_lam
        advantages[t] = last_gae_lam
    returns = advantages + values
    return advantages, returns
