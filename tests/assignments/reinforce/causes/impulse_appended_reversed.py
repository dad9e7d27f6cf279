"""A reversed loop that discounts the current reward too (`running = gamma * (r + running)`)
and appends the returns without reversing the list back: row t holds step T-1-t's return."""
CAUSE = r"(?=.*rows reversed in time)(?=.*gamma\^\(k - t \+ 1\))"

import torch


def discounted_returns(rewards, gamma):
    out, running = [], torch.zeros((), dtype=rewards.dtype)
    for r in torch.flip(rewards, [0]):
        running = gamma * (r + running)
        out.append(running)
    return torch.stack(out)
