"""group_advantages always z-scores with numpy's population std, normalize_std or not.

Source: https://github.com/one-covenant/grail/pull/9 (grail/rollout.py,
``_compute_grpo_advantages`` after the PR): ``rewards = np.array(rewards); mean_reward =
rewards.mean(); std_reward = rewards.std(); return (rewards - mean_reward) / (std_reward +
eps)``. Ported: once per group row; eps is the argument; cast back to the rewards' dtype.
"""
SOURCE = "https://github.com/one-covenant/grail/pull/9 (after)"
KIND = "grpo: always normalises"
CAUSE = r"normalize_std|only when|always"

import numpy as np
import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    out = []
    for row in rewards.tolist():
        r = np.array(row)
        mean_reward = r.mean()
        std_reward = r.std()
        out.append((r - mean_reward) / (std_reward + eps))
    return torch.tensor(np.array(out), dtype=rewards.dtype).reshape(rewards.shape)
