"""Correct: a reversed loop over Python floats (tolist), built in a list and reversed back,
returned in the rewards' dtype."""
CORRECT = True

import torch


def discounted_returns(rewards, gamma):
    out, running = [], 0.0
    for r in reversed(rewards.tolist()):
        running = r + gamma * running
        out.append(running)
    out.reverse()
    return torch.tensor(out, dtype=rewards.dtype)
