"""A list of rows built backwards, then reversed and stacked."""
import torch


def compute_gae(rewards, values, next_values, terminated, truncated, gamma, lam):
    dtype = rewards.dtype
    rows, running = [], torch.zeros_like(rewards[0])
    for t in range(rewards.shape[0] - 1, -1, -1):
        delta = rewards[t] + gamma * (~terminated[t]).to(dtype) * next_values[t] - values[t]
        running = delta + gamma * lam * (~(terminated[t] | truncated[t])).to(dtype) * running
        rows.append(running)
    advantages = torch.stack(rows[::-1])
    return advantages, advantages + values
