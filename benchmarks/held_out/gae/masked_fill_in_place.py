"""td_residuals zeroes the terminated next values with masked_fill_ on the caller's tensor."""
CAUSE = r"in place"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    nv = next_values.masked_fill_(terminated, 0.0)
    return rewards + gamma * nv - values
