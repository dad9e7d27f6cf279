"""td_residuals reads the next state's value from values shifted up a row (a ``values[1:]``
slice padded with the last next value), inline float32 mask."""
CAUSE = r"values\[t \+ 1\]"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    v_next = torch.cat((values[1:], next_values[-1:]))
    return rewards + gamma * v_next * (1.0 - terminated.float()).to(rewards.dtype) - values
