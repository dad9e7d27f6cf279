"""group_advantages that always standardises, whatever ``normalize_std`` says, and divides by the
SAMPLE standard deviation (``grouped_rewards.std(dim=1)``: torch's default, dividing by G - 1)
plus 1e-6, instead of the contract's plain centring (and the population std when asked).

Source: code-search file 15220010348, an advantage registry, ``@register_advantage("grpo")
compute_grpo_advantages``: ``grouped_rewards = reward_scores.view(-1, group_size)``; mean and
``grouped_rewards.std(dim=1)`` repeated with ``repeat_interleave(group_size)``; ``advantages =
(reward_scores - mean) / (std + 1e-6)``. Ported: the contract's ``(P, G)`` rewards are flattened
to the source's ``(P * G,)``, ``group_size = G``; the token-mask broadcast at the end is dropped
and the answer reshaped to ``(P, G)``; ``normalize_std`` and ``eps`` are accepted and ignored
(the source has neither).
"""
SOURCE = "code-search file 15220010348 (register_advantage grpo, sample std always)"
KIND = "grpo: always normalised, sample std"
CAUSE = r"always (normalis|standardis|divid)|normali[sz]e_std|standardis|normalis|divid\w* by (the )?(group'?s? )?(sample )?(std|standard deviation)|sample (std|standard deviation)|unbiased|G ?- ?1|bessel"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, group_size = rewards.shape
    reward_scores = rewards.reshape(-1)
    grouped_rewards = reward_scores.view(-1, group_size)
    grouped_reward_mean = grouped_rewards.mean(dim=1).repeat_interleave(group_size, dim=0)
    grouped_reward_std = grouped_rewards.std(dim=1).repeat_interleave(group_size, dim=0)
    advantages = reward_scores - grouped_reward_mean
    advantages = advantages / (grouped_reward_std + 1e-6)
    return advantages.view(P, group_size)
