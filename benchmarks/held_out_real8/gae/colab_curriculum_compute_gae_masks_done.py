"""compute_gae from a curriculum-trained PPO agent (the common ``compute_gae(next_value, rewards,
masks, values)`` form): the values are extended with the rollout's final ``next_value`` and each
step bootstraps from the NEXT ROW; one mask (1 - done, done = terminated or truncated) cuts both the
bootstrap and the recursion, so a truncated step bootstraps from nothing.

Source: code-search file 71074559574, ``def compute_gae(next_value, rewards, masks, values,
gamma=0.99, lam=0.95): values = values + [next_value]; gae = 0; returns = []; for step in
reversed(range(len(rewards))): delta = rewards[step] + gamma * values[step + 1] * masks[step] -
values[step]; gae = delta + gamma * lam * masks[step] * gae; returns.insert(0, gae +
values[step])``. Ported: ``next_value`` is the last row of ``next_values``; masks are ``1 -
(terminated | truncated)``; the advantages are the returns minus the values.
"""
SOURCE = "code-search file 71074559574"
KIND = "gae: truncation as termination (masks from done)"
CAUSE = r"truncat|time.?limit|bootstrap"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    masks = 1.0 - (terminated | truncated).to(values.dtype)
    values_ext = torch.cat([values, next_values[-1:]])
    gae = 0
    returns = []
    for step in reversed(range(len(rewards))):
        delta = rewards[step] + gamma * values_ext[step + 1] * masks[step] - values_ext[step]
        gae = delta + gamma * lam * masks[step] * gae
        returns.insert(0, gae + values_ext[step])
    returns = torch.stack(returns)
    return returns - values, returns
