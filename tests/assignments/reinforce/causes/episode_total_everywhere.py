"""Every step gets the episode's undiscounted total reward (``sum(rewards)``), as in a
REINFORCE that weights every log-prob by the episode's score."""
CAUSE = r"episode's undiscounted total|whole episode's return"

import torch


def discounted_returns(rewards, gamma):
    return torch.ones_like(rewards) * rewards.sum()
