"""Every step gets G_0, the discounted return of the whole episode, computed in a loop."""
CAUSE = r"whole episode's return|episode's undiscounted total"

import torch


def discounted_returns(rewards, gamma):
    g = 0.0
    for r in reversed(rewards.tolist()):
        g = r + gamma * g
    return torch.full_like(rewards, g)
