"""group_advantages that always divides by the group's standard deviation, whatever
``normalize_std`` says, and uses torch's default (sample, n - 1) std plus a fixed 1e-4: the
centred rewards are scaled by ``1 / (std_{G-1} + 1e-4)`` even when only the mean was asked for.

Source: code-search file 34991620294, ``compute_group_advantages(raw_rewards, G)``:
``reshaped_rewards = rewards_tensor.view(-1, G)``, ``means = reshaped_rewards.mean(dim=1,
keepdim=True)``, ``stds = reshaped_rewards.std(dim=1, keepdim=True) + 1e-4 # epsilon``,
``advantages = (reshaped_rewards - means) / stds``. Ported: the rewards come as ``(P, G)`` (no
reshape or ``.tolist()``); ``normalize_std`` and ``eps`` are accepted and unused.
"""
SOURCE = "code-search file 34991620294 (compute_group_advantages, always normalised)"
KIND = "grpo: always normalised, sample std"
CAUSE = (r"always (normalis|normaliz|divid|standardi|scal)|normalize_std|whether or not|even when|"
         r"ignor|unbiased|bessel|sample (std|standard)|G ?- ?1|n ?- ?1|1e-4|fixed eps")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    reshaped_rewards = rewards
    means = reshaped_rewards.mean(dim=1, keepdim=True)
    stds = reshaped_rewards.std(dim=1, keepdim=True) + 1e-4
    advantages = (reshaped_rewards - means) / stds
    return advantages
