"""group_advantages that treats the whole batch as one group: the mean and (sample) std are taken
over all P x G rewards, not per prompt, and the result is always standardised (zeros when the
batch's std is below 1e-8).

Source: code-search file 7608374338, ``compute_group_advantages(rewards)`` ("Group-relative
advantages: normalize rewards within the group"): ``mean = rewards.mean()``, ``std =
rewards.std()``, ``if std < 1e-8: return torch.zeros_like(rewards)``, ``advantages = (rewards -
mean) / (std + 1e-8)``. Ported: the script calls it with one prompt's rollouts; the contract
passes ``(P, G)``, on which the same code averages over every prompt.
"""
SOURCE = "code-search file 7608374338 (compute_group_advantages over all rewards)"
KIND = "grpo: batch mean instead of group mean"
CAUSE = (r"batch|whole|all (the )?(rewards|prompts|groups)|across (groups|prompts)|per (prompt|group)|"
         r"each (group|prompt|row)|global|single group|dim ?= ?1|always (normalis|normaliz|divid|standardi)")

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    mean = rewards.mean()
    std = rewards.std()
    if std < 1e-8:
        return torch.zeros_like(rewards)
    advantages = (rewards - mean) / (std + 1e-8)
    return advantages
