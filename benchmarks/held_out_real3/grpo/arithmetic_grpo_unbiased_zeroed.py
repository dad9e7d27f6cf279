"""group_advantages that always standardises with torch's default sample std (n - 1) plus 1e-8,
then zeroes the groups whose std is below 1e-8: all-equal groups are handled, but the scale is
``1 / std_{G-1}`` even when ``normalize_std`` is off.

Source: code-search file 52727422202 (a GRPO arithmetic training script),
``compute_group_advantages(rewards_t, batch_size, group_size, device)``: ``grouped =
rewards_t.view(batch_size, group_size)``, ``mean = grouped.mean(dim=1, keepdim=True)``, ``std =
grouped.std(dim=1, keepdim=True)``, ``adv = (grouped - mean) / (std + 1e-8)``,
``adv[std.squeeze(-1) < 1e-8] = 0.0``, ``return adv.view(-1)``. Ported: ``(P, G)`` in and out.
"""
SOURCE = "code-search file 52727422202 (compute_group_advantages, sample std, zeroed groups)"
KIND = "grpo: always normalised, sample std"
CAUSE = (r"always (normalis|normaliz|divid|standardi|scal)|normalize_std|whether or not|even when|"
         r"ignor|unbiased|bessel|sample (std|standard)|G ?- ?1|n ?- ?1")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    grouped = rewards
    mean = grouped.mean(dim=1, keepdim=True)
    std = grouped.std(dim=1, keepdim=True)
    adv = (grouped - mean) / (std + 1e-8)
    adv[std.squeeze(-1) < 1e-8] = 0.0
    return adv
