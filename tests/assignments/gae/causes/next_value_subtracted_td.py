"""td_residuals subtracts next_values where values belongs (the two value tensors swapped in
the subtraction)."""
CAUSE = r"subtracts the NEXT state's value"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    not_done = 1.0 - terminated.to(rewards.dtype)
    return rewards + gamma * not_done * next_values - next_values
