"""group_advantages as an early TRL ``GRPOTrainer`` fork computes the advantages: each reward minus
its group's mean, ALWAYS divided by the group's SAMPLE standard deviation (``torch.std``,
dividing by G - 1) plus 1e-4, whether or not normalisation was asked for.

Source: code-search file 69820229236, ``mean_grouped_rewards = rewards.view(-1,
self.num_generations).mean(dim=1); std_grouped_rewards = rewards.view(-1,
self.num_generations).std(dim=1); mean_grouped_rewards =
mean_grouped_rewards.repeat_interleave(self.num_generations, dim=0); std_grouped_rewards = ...;
advantages = (rewards - mean_grouped_rewards) / (std_grouped_rewards + 1e-4)``. Ported: the
``(P, G)`` rewards are flattened and viewed back as in the source; ``normalize_std`` and ``eps``
are accepted and unused, as the source has no such switch.
"""
SOURCE = "code-search file 69820229236"
KIND = "grpo: always standardised by the sample std (+1e-4)"
CAUSE = r"std|standard deviation|standardi|normali|sample|unbiased|G ?- ?1|bessel|1e-?4|0\.0001|eps"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    num_generations = rewards.shape[1]
    rewards = rewards.reshape(-1)
    mean_grouped_rewards = rewards.view(-1, num_generations).mean(dim=1)
    std_grouped_rewards = rewards.view(-1, num_generations).std(dim=1)
    mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(num_generations, dim=0)
    std_grouped_rewards = std_grouped_rewards.repeat_interleave(num_generations, dim=0)
    advantages = (rewards - mean_grouped_rewards) / (std_grouped_rewards + 1e-4)
    return advantages.view(-1, num_generations)
