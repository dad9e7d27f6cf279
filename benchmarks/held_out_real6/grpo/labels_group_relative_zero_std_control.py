"""A correct group_advantages from a labelling script's "group_relative" mode: per group the mean
and the population standard deviation (``statistics.pstdev``), the centred value, and with
``std_norm`` a division by ``std + eps``, except that a group whose std is exactly 0 gets 0.

Source: code-search file 55828831514, ``floors = [label.final_floor for label in group];
group_mean = statistics.mean(floors); group_std = statistics.pstdev(floors); for label in group:
centered = float(label.final_floor) - group_mean; if std_norm: if group_std == 0.0: advantage =
0.0 else: advantage = centered / (group_std + eps) else: advantage = centered``. Ported: each row
of ``rewards`` is a group, ``std_norm`` is ``normalize_std``; the advantages as a tensor of the
rewards' dtype.
"""
SOURCE = "code-search file 55828831514 (group_relative advantages, statistics.pstdev, zero-std guard)"
KIND = "grpo: control (zero-std groups answered 0 explicitly)"
CORRECT = True

import statistics

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    out = []
    for floors in rewards.tolist():
        group_mean = statistics.mean(floors)
        group_std = statistics.pstdev(floors)
        row = []
        for value in floors:
            centered = float(value) - group_mean
            if normalize_std:
                if group_std == 0.0:
                    advantage = 0.0
                else:
                    advantage = centered / (group_std + eps)
            else:
                advantage = centered
            row.append(float(advantage))
        out.append(row)
    return torch.tensor(out, dtype=rewards.dtype)
