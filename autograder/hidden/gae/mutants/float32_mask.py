"""Builds the termination mask in float32, so float64 inputs come back as float32."""
HINT = "your result changed dtype: build masks with the rewards' dtype (e.g. (~terminated).to(rewards.dtype))"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    alive = (~terminated).float()
    return (rewards + gamma * alive * next_values - values).float()
