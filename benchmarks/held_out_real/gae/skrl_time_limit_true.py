"""compute_gae with skrl's ``time_limit_bootstrap=True``: a truncation ends the recursion but is
treated as terminal, so a truncated step does not bootstrap from V(final observation).

Source: https://github.com/Toni-SM/skrl/issues/449 (skrl/agents/torch/ppo/ppo.py,
``compute_gae``), the same quoted lines with the flag True: the one mask cuts the recursion
and zeroes the bootstrap. Reconstructed from the issue's quote.
"""
SOURCE = "https://github.com/Toni-SM/skrl/issues/449"
KIND = "gae: truncation as termination"
CAUSE = r"truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    time_limit_bootstrap = True
    not_done = ((terminated | truncated) if time_limit_bootstrap else terminated).logical_not()
    advantage = 0
    advantages = torch.zeros_like(rewards)
    for i in reversed(range(rewards.shape[0])):
        advantage = rewards[i] - values[i] + gamma * not_done[i] * (
            next_values[i] + lam * advantage)
        advantages[i] = advantage
    return advantages, advantages + values
