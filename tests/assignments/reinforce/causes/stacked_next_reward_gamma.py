"""A recursion that adds the next REWARD (it reads the returns before they are computed) and a
discount fixed at 0.95."""
CAUSE = r"(?=.*next REWARD)(?=.*`gamma` is fixed at 0\.95)"

import torch


def discounted_returns(rewards, gamma):
    g = 0.95
    returns = torch.zeros_like(rewards)
    for t in range(len(rewards)):
        nxt = rewards[t + 1] if t + 1 < len(rewards) else 0.0
        returns[t] = rewards[t] + g * nxt
    return returns
