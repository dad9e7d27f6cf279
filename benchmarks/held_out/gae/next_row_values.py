"""td_residuals takes the next step's value from the values tensor (the next row), and the
last one from next_values: the done flags' next values are ignored."""
CAUSE = r"next_values|next row|values\[t ?\+ ?1\]|shift"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    nxt = torch.cat([values[1:], next_values[-1:]], dim=0)
    return rewards + gamma * (~terminated).to(rewards.dtype) * nxt - values
