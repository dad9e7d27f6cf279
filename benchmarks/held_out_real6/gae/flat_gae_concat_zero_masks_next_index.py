"""A GAE returns helper that appends a ZERO value after the last row (``np.concatenate([values,
np.zeros_like(values[0:1])])``), so the end of the rollout never bootstraps, and reads the done
mask one step late (``masks[step + 1]``); the next state's value is the next row of ``values`` and
only ``gae + values`` is returned.

Source: code-search file 24242018649, ``values = np.concatenate([values,
np.zeros_like(values[0: 1])], axis=0); returns = np.zeros_like(rewards); gae = 0; for step in
reversed(range(len(rewards))): delta = rewards[step] + gamma * values[step + 1] * masks[step + 1] -
values[step]; gae = delta + gamma * gae_lambda * masks[step + 1] * gae; returns[step] = gae +
values[step]; return returns``. Ported: ``masks`` is ``1 - (terminated | truncated)`` with a row of
ones appended (the source's masks have one more row than the rewards); the advantages are
``returns - values``, as the caller computes them.
"""
SOURCE = "code-search file 24242018649 (GAE returns with zero value appended, masks[step + 1])"
KIND = "gae: zero bootstrap, done mask read one step late"
CAUSE = r"bootstrap|terminat|done|mask|episode|across|shift|one step|off.by.one|next (row|step|state)|truncat|last (step|row)|zero"

import numpy as np
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    gae_lambda = lam
    r = rewards.detach().numpy()
    v = values.detach().numpy()
    notdone = (~(terminated | truncated)).numpy().astype(r.dtype)
    masks = np.concatenate([notdone, np.ones_like(notdone[0:1])], axis=0)
    v = np.concatenate([v, np.zeros_like(v[0:1])], axis=0)
    returns = np.zeros_like(r)
    gae = 0
    for step in reversed(range(len(r))):
        delta = r[step] + gamma * v[step + 1] * masks[step + 1] - v[step]
        gae = delta + gamma * gae_lambda * masks[step + 1] * gae
        returns[step] = gae + v[step]
    returns = torch.as_tensor(returns)
    return returns - values.detach(), returns
