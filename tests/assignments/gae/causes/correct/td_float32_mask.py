"""td_residuals with a ``.float()`` mask: float64 rollouts get gamma rounded to float32."""
CORRECT = True

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    return rewards + gamma * (1 - terminated.float()) * next_values - values
