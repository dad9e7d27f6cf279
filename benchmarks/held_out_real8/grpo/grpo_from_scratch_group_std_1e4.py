"""group_advantages from a GRPO-from-scratch training script (TRL's first formula): the rewards are
viewed as groups, the group mean and SAMPLE std (``std(dim=1)``, dividing by G - 1) are repeated
back over the group, and the advantage is ``(r - mean) / (std + 1e-4)``, always standardised.

Source: code-search file 9203179009, ``mean_grouped_rewards = rewards.view(-1, num_pre_Q).mean(dim=1);
std_grouped_rewards = rewards.view(-1, num_pre_Q).std(dim=1); mean_grouped_rewards =
mean_grouped_rewards.repeat_interleave(num_pre_Q, dim=0); std_grouped_rewards = ...; advantages =
(rewards - mean_grouped_rewards) / (std_grouped_rewards + 1e-4)``. Ported: ``num_pre_Q`` is G
(the second dimension); the flat result is viewed back as ``(P, G)``; ``normalize_std`` and
``eps`` are received and unused, as the source has neither.
"""
SOURCE = "code-search file 9203179009"
KIND = "grpo: always standardised, sample std, eps 1e-4"
CAUSE = r"normali[sz]|standardi[sz]|std|standard deviation|divid|G ?- ?1|sample|unbiased|bessel|1e-0?4"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, num_pre_Q = rewards.shape
    flat = rewards.reshape(-1)
    mean_grouped_rewards = flat.view(-1, num_pre_Q).mean(dim=1)
    std_grouped_rewards = flat.view(-1, num_pre_Q).std(dim=1)
    mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(num_pre_Q, dim=0)
    std_grouped_rewards = std_grouped_rewards.repeat_interleave(num_pre_Q, dim=0)
    advantages = (flat - mean_grouped_rewards) / (std_grouped_rewards + 1e-4)
    return advantages.view(P, num_pre_Q)
