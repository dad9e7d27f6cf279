"""The Pong reset with a Python list of floats, back to a tensor of the rewards' dtype."""
CAUSE = r"restarts .* at every nonzero reward"

import torch


def discounted_returns(rewards, gamma):
    out, g = [], 0.0
    for r in reversed(rewards.tolist()):
        g = r if r != 0 else r + gamma * g
        out.append(g)
    return torch.tensor(out[::-1], dtype=rewards.dtype)
