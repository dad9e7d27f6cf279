"""compute_gae from an LSTM actor-critic PPO script: ``values = values + [0]``, so the last step of
the rollout never bootstraps (its next value is 0 whatever ``next_values`` holds), and the single
mask ``masks[step]`` (1 - done, with done = terminated or truncated) both cuts the bootstrap and
stops the recursion, so a truncated step does not bootstrap either.

Source: code-search file 24289991650, ``def compute_gae(rewards, values, masks, gamma=0.99,
lam=0.95): values = values + [0]; gae = 0; returns = []; for step in reversed(range(len(rewards))):
delta = rewards[step] + gamma * values[step + 1] * masks[step] - values[step]; gae = delta + gamma
* lam * masks[step] * gae; returns.insert(0, gae + values[step]); return returns``. Ported: masks
are ``1 - (terminated | truncated)``; the advantages are the returns minus the values, as the
caller computes them.
"""
SOURCE = "code-search file 24289991650"
KIND = "gae: last value 0, truncation as termination"
CAUSE = r"truncat|bootstrap|last (step|row)|end of the rollout|next_values|zero|time.?limit"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    masks = 1.0 - (terminated | truncated).to(values.dtype)
    values_ext = torch.cat([values, torch.zeros_like(values[:1])])
    gae = 0
    returns = []
    for step in reversed(range(len(rewards))):
        delta = rewards[step] + gamma * values_ext[step + 1] * masks[step] - values_ext[step]
        gae = delta + gamma * lam * masks[step] * gae
        returns.insert(0, gae + values_ext[step])
    returns = torch.stack(returns)
    return returns - values, returns
