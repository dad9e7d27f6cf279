"""group_advantages never divides by the std, and builds the answer from Python floats
(torch.tensor of a list: float32; an all-equal group's mean can miss by a rounding).

Source: https://github.com/one-covenant/grail/pull/9 (grail/rollout.py,
``_compute_grpo_advantages`` before the fix): ``mean_reward = sum(rewards) / len(rewards);
return [r - mean_reward for r in rewards]``. Ported: once per group row, stacked with
torch.tensor.
"""
SOURCE = "https://github.com/one-covenant/grail/pull/9 (before)"
KIND = "grpo: never normalises + float32"
CAUSE = r"normalize_std|ignored|float32|dtype|exactly 0"

import torch


def group_advantages(rewards, normalize_std=False, eps=1e-6):
    out = []
    for row in rewards.tolist():
        mean_reward = sum(row) / len(row)
        out.append([r - mean_reward for r in row])
    return torch.tensor(out)
