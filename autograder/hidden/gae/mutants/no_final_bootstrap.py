"""Treats the rollout's last step as an episode end: no bootstrap from next_values there (a
rollout cut by the buffer's size is not an episode end)."""
HINT = "the rollout's last step was treated as an episode end: unless it terminated, bootstrap it from next_values[-1] (the rollout was cut, not ended)"
REAL_BUG = "GAE: no bootstrap at the rollout's end (issue 35)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    alive = (~terminated).to(rewards.dtype)
    alive[-1] = 0.0
    return rewards + gamma * alive * next_values - values
