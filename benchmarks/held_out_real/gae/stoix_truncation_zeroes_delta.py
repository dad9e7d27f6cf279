"""compute_gae nulls the TD residual of a truncated step (the truncation mask multiplies the
deltas), so the cut episode's last step is not bootstrapped.

Source: https://github.com/EdanToledo/Stoix/issues/142 ("GAE calculation wrong deltas and
advantages"): "In truncated episodes, truncation_mask[max_steps-1] is 0. Thus, the last delta
of the episode is nulled using the truncation_mask. However, delta_t[max_steps-1] should have a
non-zero value." Reconstructed from the issue: deltas times (1 - truncated), then the usual
recursion cut at every episode end.
"""
SOURCE = "https://github.com/EdanToledo/Stoix/issues/142"
KIND = "gae: truncated step zeroed"
CAUSE = r"truncat"

import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    truncation_mask = (~truncated).to(rewards.dtype)
    deltas = td_residuals(rewards, values, next_values, terminated, gamma) * truncation_mask
    not_done = (~(terminated | truncated)).to(rewards.dtype)
    advantages = torch.zeros_like(deltas)
    acc = torch.zeros_like(deltas[0])
    for t in reversed(range(deltas.shape[0])):
        acc = deltas[t] + gamma * lam * not_done[t] * acc
        advantages[t] = acc
    return advantages, advantages + values
