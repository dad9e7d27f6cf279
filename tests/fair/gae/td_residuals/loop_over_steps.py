"""A loop over time; each step's row computed with its own mask."""
import torch


def td_residuals(rewards, values, next_values, terminated, gamma):
    deltas = torch.empty_like(rewards)
    for t in range(rewards.shape[0]):
        keep = (~terminated[t]).to(rewards.dtype)
        deltas[t] = rewards[t] + gamma * keep * next_values[t] - values[t]
    return deltas
