"""group_advantages that, with ``normalize_by_std``, divides by the SAMPLE standard deviation
(``grouped.std(dim=1)``: torch's default, dividing by G - 1) plus eps, instead of the population
one; without it, the contract's centring.

Source: code-search file 21750780466, "Shared advantage computation for all RL algorithms",
``compute_group_advantages(rewards, num_generations, normalize_by_std=False, eps=1e-8)``:
``grouped = rewards.view(-1, num_generations); mean = grouped.mean(dim=1, keepdim=True);
advantages = grouped - mean; if normalize_by_std: std = grouped.std(dim=1, keepdim=True);
advantages = advantages / (std + eps); return advantages.view(-1)``. Ported: the contract's
``(P, G)`` rewards are flattened to the source's ``(P * G,)`` and the answer reshaped back to ``(P,
G)``; ``num_generations = G``; ``normalize_std`` and ``eps`` are passed through.
"""
SOURCE = "code-search file 21750780466 (shared compute_group_advantages, sample std)"
KIND = "grpo: sample standard deviation"
CAUSE = r"sample (std|standard deviation)|unbiased|bessel|G ?- ?1|n ?- ?1|population|divid\w* by G|correction"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    P, num_generations = rewards.shape
    normalize_by_std = normalize_std
    rewards = rewards.reshape(-1)
    grouped = rewards.view(-1, num_generations)
    mean = grouped.mean(dim=1, keepdim=True)
    advantages = grouped - mean
    if normalize_by_std:
        std = grouped.std(dim=1, keepdim=True)
        advantages = advantages / (std + eps)
    return advantages.view(-1).view(P, num_generations)
