"""group_advantages as an agent trainer's GRPO step normalises them: within each group ALWAYS
(whether or not std-normalisation was asked for) ``(adv - mean) / (stdev + 1e-8)`` with
``statistics.stdev``, the SAMPLE standard deviation (dividing by G - 1); a group of one is left
as it is, not centred.

Source: code-search file 55100005308, a trainer's advantage computation: ``# Normalize advantages
within each group (GRPO key difference)``; ``group_advs = [advantages[j] for j, e in
enumerate(experiences) if e.group_id == exp.group_id]; if len(group_advs) > 1: group_mean =
statistics.mean(group_advs); group_std = statistics.stdev(group_advs); norm_adv = (advantages[i] -
group_mean) / (group_std + 1e-8) else: norm_adv = advantages[i]``. Ported: the per-experience
values are the rewards, the group is the row; ``normalize_std`` and ``eps`` are accepted and, as in
the source, not consulted; the answer as a tensor of the rewards' dtype.
"""
SOURCE = "code-search file 55100005308 (GRPO normalisation within groups, statistics.stdev)"
KIND = "grpo: always std-normalised, sample std"
CAUSE = r"always|normali[sz]e_std|flag|standardi|divid|sample|bessel|unbiased|G ?- ?1|n ?- ?1|population"

import statistics

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    out = []
    for group_advs in rewards.tolist():
        row = []
        for value in group_advs:
            if len(group_advs) > 1:
                group_mean = statistics.mean(group_advs)
                group_std = statistics.stdev(group_advs)
                norm_adv = (value - group_mean) / (group_std + 1e-8)
            else:
                norm_adv = value
            row.append(norm_adv)
        out.append(row)
    return torch.tensor(out, dtype=rewards.dtype)
