"""compute_gae cuts the recursion only at terminations: advantages flow across truncations.

Source: btx0424/OmniDrones, omni_drones/learning/ppo/common.py, ``GAE.forward``: ``not_done =
1 - terminated.float()`` used both for the bootstrap and for the recursion. Ported: time is
dim 0 here (dim 1 there); ``truncated`` is not read, as in the source.
"""
SOURCE = "btx0424/OmniDrones omni_drones/learning/ppo/common.py (GAE.forward)"
KIND = "gae: recursion across truncations"
CAUSE = r"truncat|crossed"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    num_steps = terminated.shape[0]
    advantages = torch.zeros_like(rewards)
    not_done = 1 - terminated.float()
    gae = 0
    for step in reversed(range(num_steps)):
        delta = rewards[step] + gamma * next_values[step] * not_done[step] - values[step]
        advantages[step] = gae = delta + (gamma * lam * not_done[step] * gae)
    returns = advantages + values
    return advantages, returns
