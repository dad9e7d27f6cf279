"""TD residuals that bootstrap from the next row of `values` (V(s_{t+1}) read as values[t+1],
next_values only for the last row), as rollout-buffer code without a separate next-value
tensor does; float32 inside."""
CAUSE = r"values`\[t\+1\]|values\[t \+ 1\]|differs only at the positions where `terminated` is False"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    v, r = values.float(), rewards.float()
    nxt = torch.cat([v[1:], next_values[-1:].float()], dim=0)
    delta = r + gamma * nxt * (1.0 - terminated.float()) - v
    return delta.to(rewards.dtype)
