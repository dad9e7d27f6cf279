"""group_advantages from a Chinese RLHF study note's GRPO loss: "advantages within each prompt's
group": minus the group mean, divided by the group's SAMPLE std (``torch.std``, G - 1) plus 1e-8,
always (there is no switch).

Source: code-search file 55396120803, ``advantages = (rewards - rewards.mean(dim=1,
keepdim=True)) / (rewards.std(dim=1, keepdim=True) + 1e-8)   # [B, G]``. Ported: ``[B, G]`` is
the contract's ``(P, G)``; ``normalize_std`` and ``eps`` are accepted and unused.
"""
SOURCE = "code-search file 55396120803"
KIND = "grpo: always standardised by the sample std (+1e-8)"
CAUSE = r"std|standard deviation|standardi|normali|sample|unbiased|G ?- ?1|bessel"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    advantages = (rewards - rewards.mean(dim=1, keepdim=True)) / (rewards.std(dim=1, keepdim=True) + 1e-8)
    return advantages
