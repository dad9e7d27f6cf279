"""td_residuals that masks the whole target (a terminal step's reward dropped too) with a
hard-coded gamma of 0.99 and an eps in the mask."""
CAUSE = r"(?=.*whole target)(?=.*`gamma` is fixed at 0\.99)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    mask = 1.0 - terminated.to(rewards.dtype) + 1e-12
    return (rewards + 0.99 * next_values) * mask - values
