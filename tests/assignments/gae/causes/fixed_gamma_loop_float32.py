"""td_residuals in a loop with gamma = 0.95 fixed (a default argument of the original code),
the mask built in float32."""
CAUSE = r"gamma = 0\.95 whatever is passed"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    discount = 0.95
    mask = 1.0 - terminated.float()
    out = torch.empty_like(rewards)
    for t in range(rewards.shape[0]):
        out[t] = rewards[t] + discount * mask[t] * next_values[t] - values[t]
    return out
