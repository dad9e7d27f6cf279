"""td_residuals bootstraps every step, terminated or not: r + gamma * V(s') - V(s).

Source: rob-pitkin/rl-lib, utils/gae.py, ``calculate_gae``: ``td_errors = rewards + gamma *
next_values - values`` (no done flags anywhere in the function). Ported: that line as
td_residuals.
"""
SOURCE = "rob-pitkin/rl-lib utils/gae.py (calculate_gae, its TD line)"
KIND = "gae: bootstrap after termination"
CAUSE = r"terminat|no future"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    td_errors = rewards + gamma * next_values - values
    return td_errors
