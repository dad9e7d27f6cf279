"""A GAE helper that reads the mask one step late: ``masks[step + 1]`` where the step's own mask
belongs, so the end of an episode stops the bootstrap and the recursion at the step AFTER it (the
first step of the next episode), while the terminal step itself bootstraps from the next row; it
returns only ``gae + values``, and the next state's value is the next row of ``values``.

Source: code-search file 46647530419, ``def gae(next_value, rewards, masks, values, gamma=0.99,
tau=0.95): values = values + [next_value]; ... delta = rewards[step] + gamma * values[step + 1] *
masks[step + 1] - values[step]; gae = delta + gamma * tau * masks[step + 1] * gae;
returns.insert(0, gae + values[step])``. Ported: ``masks = 1 - (terminated | truncated)`` with a 1
appended after the last step (the source's list has one more entry than the rewards),
``next_value`` is the last row of ``next_values``; the advantages are ``returns - values``, as the
caller computes them.
"""
SOURCE = "code-search file 46647530419 (gae(next_value, rewards, masks, values), masks[step + 1])"
KIND = "gae: done mask read one step late"
CAUSE = r"terminat|done|mask|episode|across|shift|one step|off.by.one|next (row|step|state)|truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    tau = lam
    masks = list((~(terminated | truncated)).to(values.dtype)) + [torch.ones_like(values[0])]
    next_value = next_values.detach()[-1]
    rewards, values_l = list(rewards.detach()), list(values.detach())
    values_l = values_l + [next_value]
    gae = 0
    returns = []
    for step in reversed(range(len(rewards))):
        delta = rewards[step] + gamma * values_l[step + 1] * masks[step + 1] - values_l[step]
        gae = delta + gamma * tau * masks[step + 1] * gae
        returns.insert(0, gae + values_l[step])
    returns = torch.stack(returns)
    return returns - values.detach(), returns
