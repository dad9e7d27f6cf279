"""Discounted returns computed in a Python list, then centred with numpy (`returns -
np.mean(returns)`), as natural-gradient and actor-critic snippets do to get advantages; the
contract's returns are raw (no mean subtracted)."""
CAUSE = r"centred|minus their mean|mean subtracted"

import numpy as np
import torch


def discounted_returns(rewards, gamma):
    out, running = [], 0.0
    for r in reversed(rewards.tolist()):
        running = r + gamma * running
        out.append(running)
    out = np.array(out[::-1])
    return torch.as_tensor(out - np.mean(out)).to(rewards.dtype)
