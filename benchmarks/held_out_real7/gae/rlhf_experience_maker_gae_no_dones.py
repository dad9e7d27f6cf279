"""compute_gae from an RLHF experience maker's ``get_advantages_and_returns`` (token-level GAE): no
episode boundary exists there, so terminations and truncations are IGNORED, the recursion runs
across episode ends, the next value is the NEXT ROW's value, and the last step's next value is
0.0 (no bootstrap from ``next_values``).

Source: code-search file 16065447291, ``for t in reversed(range(response_length)): nextvalues =
values[:, t + 1] if t < response_length - 1 else 0.0; delta = rewards[:, t] + gamma * nextvalues
- values[:, t]; lastgaelam = delta + gamma * lambd * lastgaelam;
advantages_reversed.append(lastgaelam); advantages = torch.stack(advantages_reversed[::-1],
dim=1); returns = advantages + values; return advantages.detach(), returns``. Ported: time on
dimension 0 (the source's dimension 1); no action mask; ``lambd`` is ``lam``.
"""
SOURCE = "code-search file 16065447291"
KIND = "gae: dones ignored, next value from the next row, zero after the last step"
CAUSE = r"terminat|done|episode|across|bootstrap|next_values|next (row|state)|last step|shift"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    lastgaelam = 0
    advantages_reversed = []
    response_length = rewards.size(0)
    for t in reversed(range(response_length)):
        nextvalues = values[t + 1] if t < response_length - 1 else 0.0
        delta = rewards[t] + gamma * nextvalues - values[t]
        lastgaelam = delta + gamma * lam * lastgaelam
        advantages_reversed.append(lastgaelam)
    advantages = torch.stack(advantages_reversed[::-1], dim=0)
    returns = advantages + values
    return advantages.detach(), returns
