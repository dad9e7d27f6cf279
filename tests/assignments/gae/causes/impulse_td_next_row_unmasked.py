"""TD residuals that read V(s_{t+1}) from the next row of `values` and never mask it at a
termination (the value of the next episode's first state leaks in), next_values only for the
last row; float32."""
CAUSE = r"(?=.*\+ gamma `values`\[t\+1\])|(?=.*values\[t \+ 1\])(?=.*`terminated` is never set)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    v = values.float()
    bootstrap = torch.cat([v[1:], next_values[-1:].float()])
    return (rewards.float() + gamma * bootstrap - v).to(rewards.dtype)
