"""A Python-float loop into ``torch.tensor(list)``: float32, right to float32's precision."""
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    out, g = [], 0.0
    for r in reversed(rewards.tolist()):
        g = r + gamma * g
        out.append(g)
    return torch.tensor(out[::-1])
