"""A Python list of 0-d tensors built backwards, reversed and stacked."""
import torch


def discounted_returns(rewards, gamma):
    G = []
    g = torch.tensor(0.0, dtype=rewards.dtype)
    for r in reversed(rewards):
        g = r + gamma * g
        G.append(g)
    G.reverse()
    return torch.stack(G)
