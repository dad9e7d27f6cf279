"""td_residuals zeroes the last next value on a copy: no bootstrap at the rollout's end."""
CAUSE = r"last step|rollout's last|end of the rollout"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    nv = next_values.clone()
    nv[-1] = 0
    return rewards + gamma * torch.logical_not(terminated).to(rewards.dtype) * nv - values
