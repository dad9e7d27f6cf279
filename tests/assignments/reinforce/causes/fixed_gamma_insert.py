"""Returns built with insert(0, R), gamma fixed at 0.95, a Python float list made a tensor
(float32 on the way)."""
CAUSE = r"gamma = 0\.95 whatever gamma is passed"

import torch


def discounted_returns(rewards, gamma):
    discount = 0.95
    R, out = 0.0, []
    for r in reversed(rewards.tolist()):
        R = r + discount * R
        out.insert(0, R)
    return torch.tensor(out, dtype=torch.float32).to(rewards.dtype)
