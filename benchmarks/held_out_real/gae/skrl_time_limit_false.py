"""compute_gae with skrl's default ``time_limit_bootstrap=False``: truncations are not episode
boundaries, so advantages leak across them.

Source: https://github.com/Toni-SM/skrl/issues/449 (skrl/agents/torch/ppo/ppo.py,
``compute_gae``): ``not_done = ((terminated | truncated) if time_limit_bootstrap else
terminated).logical_not()`` and ``advantage = rewards[i] - values[i] + discount_factor *
not_done[i] * (next_values[i] + lambda * advantage)``. Reconstructed from the lines the issue
quotes, with the flag False; next_values is the contract's.
"""
SOURCE = "https://github.com/Toni-SM/skrl/issues/449"
KIND = "gae: recursion across truncations"
CAUSE = r"truncat|crossed"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    time_limit_bootstrap = False
    not_done = ((terminated | truncated) if time_limit_bootstrap else terminated).logical_not()
    advantage = 0
    advantages = torch.zeros_like(rewards)
    for i in reversed(range(rewards.shape[0])):
        advantage = rewards[i] - values[i] + gamma * not_done[i] * (
            next_values[i] + lam * advantage)
        advantages[i] = advantage
    return advantages, advantages + values
