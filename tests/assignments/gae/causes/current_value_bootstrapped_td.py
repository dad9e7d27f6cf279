"""td_residuals bootstraps from the current value (values where next_values belongs), with
the mask in float32."""
CAUSE = r"bootstraps from the CURRENT state's value"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    mask = (1 - terminated.float()).to(rewards.dtype)
    return rewards + gamma * mask * values - values
