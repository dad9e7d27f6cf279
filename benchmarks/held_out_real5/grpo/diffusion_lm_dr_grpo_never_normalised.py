"""group_advantages that only centres (``rewards - rewards.mean(dim=1, keepdim=True)``, "Dr GRPO
(maybe do not normalize by the standard deviation)", the division commented out): right without
``normalize_std``, but with it the advantages are never divided by the group's standard deviation.

Source: code-search file 53193512437, a diffusion-LM GRPO loss: ``advantages = ((rewards -
rewards.mean(dim=1, keepdim=True))).to(device)  # Dr GRPO ... #  / (rewards.std(dim=1,
keepdim=True) + 1e-8)``. Ported: the advantage step alone on the ``(P, G)`` rewards;
``normalize_std`` and ``eps`` accepted and unused.
"""
SOURCE = "code-search file 53193512437 (diffusion-LM GRPO loss, Dr GRPO advantages)"
KIND = "grpo: normalize_std ignored"
CAUSE = r"normali[sz]e_std|never (normalis|standardis|divid)|not (normalis|standardis|divid)|without (dividing|normalis|standardis)|ignor|standard deviation|\bstd\b|divid"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    advantages = ((rewards - rewards.mean(dim=1, keepdim=True))).to(rewards.device)
    return advantages
