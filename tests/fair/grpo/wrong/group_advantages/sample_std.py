"""statistics.stdev: the sample std (divides by G - 1), not the population's."""
import statistics

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    rows = []
    for group in rewards.tolist():
        if max(group) == min(group):
            rows.append([0.0] * len(group))
            continue
        mean = statistics.fmean(group)
        scale = statistics.stdev(group) + eps if normalize_std else 1.0
        rows.append([(r - mean) / scale for r in group])
    return torch.tensor(rows, dtype=rewards.dtype)
