"""group_advantages that honours the normalisation switch but divides by torch's default sample
standard deviation (n - 1) plus a fixed 1e-4 instead of the population std plus ``eps``; a
group whose rewards are all equal is not forced to exactly 0.

Source: code-search file 71190769646 (a small GRPO experiment's training loop): ``adv = grouped
- grouped.mean(dim=1, keepdim=True)``, ``if std_norm: adv = adv / (grouped.std(dim=1,
keepdim=True) + 1e-4)`` (the loop skips groups whose spread is 0 before this; the function has
no such guard). Ported: ``std_norm`` is ``normalize_std``; ``grouped`` the ``(P, G)`` rewards.
"""
SOURCE = "code-search file 71190769646 (GRPO loop, std_norm with sample std)"
KIND = "grpo: sample std (n - 1)"
CAUSE = r"unbiased|bessel|sample (std|standard)|G ?- ?1|n ?- ?1|population|1e-4|fixed eps|eps.{0,20}(ignored|fixed|hard)|all.?equal|identical|rounding error|rounds"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    grouped = rewards
    adv = grouped - grouped.mean(dim=1, keepdim=True)
    if normalize_std:
        adv = adv / (grouped.std(dim=1, keepdim=True) + 1e-4)
    return adv
