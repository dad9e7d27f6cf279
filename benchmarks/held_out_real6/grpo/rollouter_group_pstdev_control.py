"""A correct group_advantages from an RL trainer's per-group advantage step: Python floats, the
group mean as ``sum / len``, the POPULATION standard deviation (``statistics.pstdev``), and ``(reward
- mean) / (std + 1e-6)`` only when std-normalising (a divisor of 1.0 otherwise).

Source: code-search file 54488169983, a trainer's advantage step: ``rewards = [rollout.reward for
rollout in group.rollouts]; group_mean = sum(rewards) / len(rewards); group_std =
statistics.pstdev(rewards); denom = (group_std + 1e-6) if std_normalize else 1.0; for rollout in
group.rollouts: rollout.advantage = (rollout.reward - group_mean) / denom``. Ported: each row of
``rewards`` is a group (its entries as Python floats), ``std_normalize`` is ``normalize_std`` and the
constant 1e-6 is ``eps``; the advantages as a tensor of the rewards' dtype.
"""
SOURCE = "code-search file 54488169983 (per-group advantages with statistics.pstdev)"
KIND = "grpo: control (Python floats, statistics.pstdev)"
CORRECT = True

import statistics

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    out = []
    for row in rewards.tolist():
        group_mean = sum(row) / len(row)
        group_std = statistics.pstdev(row)
        denom = (group_std + eps) if normalize_std else 1.0
        out.append([(reward - group_mean) / denom for reward in row])
    return torch.tensor(out, dtype=rewards.dtype)
