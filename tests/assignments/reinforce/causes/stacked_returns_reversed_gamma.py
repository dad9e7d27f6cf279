"""Returns collected from the last step back and never flipped, discounted with a hard-coded
0.9 in a plain Python loop."""
CAUSE = r"(?=.*reverse order)(?=.*`gamma` is fixed at 0\.9\b)"

import torch


def discounted_returns(rewards, gamma):
    out, running = [], 0.0
    for r in reversed(rewards.tolist()):
        running = r + 0.9 * running
        out.append(running)
    return torch.tensor(out, dtype=rewards.dtype)
