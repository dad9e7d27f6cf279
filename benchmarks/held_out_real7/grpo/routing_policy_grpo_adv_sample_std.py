"""group_advantages from a neural routing solver trained with a GRPO-style surrogate: each
sample's reward minus its group's mean, divided by the group's SAMPLE std (G - 1) plus 1e-8,
always.

Source: code-search file 32735114537, ``adv = reward - reward.mean(dim=1, keepdim=True); adv = adv
/ (reward.std(dim=1, keepdim=True) + 1e-8)``. Ported: the ``unbatchify``-ed ``(batch,
num_samples)`` rewards are the contract's ``(P, G)``; ``normalize_std`` and ``eps`` are accepted
and unused.
"""
SOURCE = "code-search file 32735114537"
KIND = "grpo: always standardised by the sample std (+1e-8)"
CAUSE = r"std|standard deviation|standardi|normali|sample|unbiased|G ?- ?1|bessel"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    reward = rewards
    adv = reward - reward.mean(dim=1, keepdim=True)
    adv = adv / (reward.std(dim=1, keepdim=True) + 1e-8)
    return adv
