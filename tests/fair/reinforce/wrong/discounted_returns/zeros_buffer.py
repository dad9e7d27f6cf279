"""A float32 buffer (torch.zeros(T)) whatever the rewards' dtype: float64 answers lose precision."""
import torch


def discounted_returns(rewards, gamma):
    out = torch.zeros(len(rewards))
    running = 0.0
    for t in reversed(range(len(rewards))):
        running = rewards[t] + gamma * running
        out[t] = running
    return out.to(rewards.dtype)
