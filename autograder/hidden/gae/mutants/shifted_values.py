"""Uses values[t + 1] as the next value instead of next_values."""
HINT = "you used values[t + 1] as V(s_{t+1}); at an episode end that is the reset observation's value: use next_values"
REAL_BUG = "GAE: the next row's value used, done flags ignored (issue 35)"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    shifted = torch.cat([values[1:], next_values[-1:]])
    return rewards + gamma * (~terminated).to(rewards.dtype) * shifted - values
