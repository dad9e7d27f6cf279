"""A deque filled from the end with `appendleft`, as DQN-era REINFORCE scripts do, converted with
torch.tensor, then the mean subtracted "to reduce variance" (`G - G.mean()`)."""
CAUSE = r"centred|minus their mean|mean subtracted"

from collections import deque

import torch


def discounted_returns(rewards, gamma):
    G, running = deque(), 0.0
    for r in reversed(rewards.tolist()):
        running = r + gamma * running
        G.appendleft(running)
    G = torch.tensor(list(G), dtype=rewards.dtype)
    return G - G.mean()
