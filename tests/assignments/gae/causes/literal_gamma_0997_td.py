"""td_residuals with the discount of an Atari config (gamma 0.997, R2D2's) written in, whatever
gamma is passed; the mask taken as float32 first."""
CAUSE = r"(?=.*gamma. (is )?fixed at 0\.997)(?=.*line \d+)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    not_done = (~terminated).float().to(rewards.dtype)
    return rewards + 0.997 * next_values * not_done - values
