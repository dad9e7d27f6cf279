"""Advantages centred on the whole batch's mean (not each group's), never divided by the std,
returned as a nested Python list."""
CAUSE = r"(?=.*whole batch)(?=.*Python list)"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    mean = rewards.mean()
    return [[float(r - mean) for r in row] for row in rewards]
