"""td_residuals ported from a training script: its GAMMA = 0.99 (a default argument) where the
argument belongs."""
CAUSE = r"gamma = 0\.99 whatever is passed"

import torch

def td_residuals(rewards, values, next_values, terminated, gamma, GAMMA=0.99):
    not_done = 1.0 - terminated.to(rewards.dtype)
    return rewards + GAMMA * next_values * not_done - values
