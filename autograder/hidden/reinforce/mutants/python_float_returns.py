"""Builds the returns as a list of Python floats and turns it into ``torch.tensor(list)``:
float32, whatever the rewards' dtype (Spinning Up's and many tutorials' style, with numpy in
between). The values are right to float32's precision; only the float64 precision test may
fail."""
FEEDBACK = "the result is float32 for float64 inputs"
LOSES = "float64 precision"

import torch


def discounted_returns(rewards, gamma):
    returns, running = [], 0.0
    for r in reversed(rewards.tolist()):
        running = r + gamma * running
        returns.append(running)
    return torch.tensor(returns[::-1])
