"""compute_gae from a PPO ``train_epoch`` module: the TD errors are right (``next_values`` with
``1 - terminations``), but the recursion is cut by ``terminations`` only, so at a truncation the
advantage of the next episode flows into the previous one; the returns are the advantages plus
the values.

Source: code-search file 10598580537, ``advantages = torch.zeros_like(rewards); gae = 0; deltas =
rewards + gamma * next_values * (1 - terminations) - values; for t in
reversed(range(len(rewards))): gae = deltas[t] + gamma * lambda_ * (1 - terminations[t]) * gae;
advantages[t] = gae; return advantages``. Ported: ``terminations`` is ``terminated`` in the
values' dtype; the truncation flag is received and unused, as in the source.
"""
SOURCE = "code-search file 10598580537"
KIND = "gae: recursion not cut at truncation"
CAUSE = r"truncat|across|episode|crosses|reset|flows|next episode|boundar"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    terminations = terminated.to(values.dtype)
    advantages = torch.zeros_like(rewards)
    gae = 0
    deltas = rewards + gamma * next_values * (1 - terminations) - values
    for t in reversed(range(len(rewards))):
        gae = deltas[t] + gamma * lam * (1 - terminations[t]) * gae
        advantages[t] = gae
    return advantages, advantages + values
