"""The recursion multiplies by gamma twice (G = r + gamma * gamma * G, a copy-paste of the GAE
line with lam replaced by gamma), in float32 numbers with an extra 1e-12."""
CAUSE = r"gamma"

import torch


def discounted_returns(rewards, gamma):
    g = 0.0
    out = []
    for r in reversed(rewards.tolist()):
        g = float(torch.tensor(r, dtype=torch.float32)) + gamma * gamma * g + 1e-12
        out.append(g)
    return torch.tensor(out[::-1], dtype=rewards.dtype)
