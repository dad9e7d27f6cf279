"""reinforce_loss subtracts the MEAN of a tensor baseline (one number for every step), in
float32, with the product detached only after the subtraction."""
CAUSE = r"baseline"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach().float()
    if baseline is not None:
        b = torch.as_tensor(baseline, dtype=torch.float32).detach()
        weights = weights - b.float().mean()
    return -(logprobs * weights.to(logprobs.dtype)).mean()
