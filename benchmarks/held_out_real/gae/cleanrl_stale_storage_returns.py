"""compute_gae returns ``storage.advantages + values`` where storage.advantages was never
written (zeros): the value targets are the values themselves.

Source: https://github.com/vwxyzjn/cleanrl/pull/337 ("bug: incorrect logic in GAE calculation"):
``returns=storage.advantages + storage.values`` should have been ``returns=advantages +
storage.values``, since ``storage.advantages`` holds zeros. Ported: the advantages are computed
right; the returns from the stale zero buffer, as in the bug.
"""
SOURCE = "https://github.com/vwxyzjn/cleanrl/pull/337"
KIND = "gae: returns not advantages + values"
CAUSE = r"returns|value targets|advantages \+ values"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    storage_advantages = torch.zeros_like(rewards)
    deltas = td_residuals(rewards, values, next_values, terminated, gamma)
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    lastgaelam = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        lastgaelam = deltas[t] + gamma * lam * not_done[t] * lastgaelam
        advantages[t] = lastgaelam
    return advantages, storage_advantages + values
