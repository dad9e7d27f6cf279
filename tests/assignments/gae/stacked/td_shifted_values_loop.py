"""td_residuals that subtracts the value of the row after (values[t + 1], the last row's own),
computed in a loop of float32 numbers with an extra 1e-9."""
CAUSE = r"values change|which step's value|next state's value|read one row ahead"

import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    T = rewards.shape[0]
    out = torch.zeros_like(rewards, dtype=torch.float32)
    for t in range(T):
        cur = values[min(t + 1, T - 1)].float()
        alive = 1.0 - terminated[t].float()
        out[t] = rewards[t].float() + gamma * alive * next_values[t].float() - cur + 1e-9
    return out.to(rewards.dtype)
