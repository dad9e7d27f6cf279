"""TD residuals that bootstrap from next_values at every step (no termination mask) and
subtract the value scaled by gamma as well (`gamma * (next_values - values)`, a factorisation
gone wrong), in float32."""
CAUSE = r"(?=.*gamma `values`\[t\])|(?=.*`terminated` all False)(?=.*`gamma` = 1)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    r, v, nv = rewards.float(), values.float(), next_values.float()
    return (r + gamma * (nv - v)).to(rewards.dtype)
