"""compute_gae whose TD residuals are cut at a done step but whose recursion is not (``gae = delta
+ gamma * lambda_ * gae``: the advantage flows across episode ends), with the advantages then
standardised (``(A - mean) / (std + 1e-8)``); V(s_{t+1}) is the next row's value (``values[1:]``)
and a truncated step counts as done.

Source: code-search file 6424495940, PPO paper notes (markdown), "GAE Advantage Estimation":
``deltas = rewards + gamma * values[1:] * (1 - dones) - values[:-1]``; ``for delta in
reversed(deltas): gae = delta + gamma * lambda_ * gae; advantages.insert(0, gae)``;
``advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)``. Ported: ``values``
of T + 1 entries is ``cat(values, next_values[-1:])``; ``dones = terminated | truncated``; the
list is stacked before the normalisation; returns ``(advantages, advantages + values)`` (the notes
give no returns), the standardised advantages in both, as the notes leave them.
"""
SOURCE = "code-search file 6424495940 (PPO paper notes, GAE advantage estimation)"
KIND = "gae: advantage flows across episode ends, standardised"
CAUSE = (r"across|leak|flows?|carr(y|ies|ied)|episode (end|boundar)|not reset|reset|"
         r"done.{0,40}(recursion|running|sum)|standardi[sz]|normali[sz]|whiten|z-?score|"
         r"next row|values\[t ?\+ ?1\]|shift|next_values|bootstrap|truncat")

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    values = torch.cat([values, next_values[-1:]])
    dones = (terminated | truncated).to(rewards.dtype)
    lambda_ = lam

    deltas = rewards + gamma * values[1:] * (1 - dones) - values[:-1]

    advantages = []
    gae = 0
    for delta in reversed(deltas):
        gae = delta + gamma * lambda_ * gae
        advantages.insert(0, gae)
    advantages = torch.stack(advantages)

    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    return advantages, advantages + values[:-1]
