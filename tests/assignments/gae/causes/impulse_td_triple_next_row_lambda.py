"""TD residuals with two deviations and a float32 cast: the next row of `values` as
V(s_{t+1}) (next_values only for the last row), and the current value scaled by gamma too
(`gamma * (v_next - v)`, a factorisation gone wrong)."""
CAUSE = r"(?=.*values`\[t\+1\])(?=.*- gamma `values`\[t\])|with `gamma` = 1.*how your code uses `gamma`"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    v = values.float()
    v_next = torch.cat([v[1:], next_values[-1:].float()])
    mask = 1.0 - terminated.float()
    return (rewards.float() + gamma * (mask * v_next - v)).to(rewards.dtype)
