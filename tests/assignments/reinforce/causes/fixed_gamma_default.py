"""discounted_returns ported from a cart-pole script: its GAMMA = 0.99 default is used where the
gamma argument belongs."""
CAUSE = r"gamma = 0\.99 whatever gamma is passed"

import torch


def discounted_returns(rewards, gamma, GAMMA=0.99):
    returns = torch.zeros_like(rewards)
    running = 0.0
    for t in reversed(range(len(rewards))):
        running = rewards[t] + GAMMA * running
        returns[t] = running
    return returns
