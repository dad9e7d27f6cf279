"""float64 inside, but torch.as_tensor(0.3) is float32: a float baseline is rounded to float32
before it reaches float64 (what the float64 precision test is for)."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    lp = logprobs.to(torch.float64)
    weights = returns.detach().to(torch.float64)
    if baseline is not None:
        weights = weights - torch.as_tensor(baseline).detach().to(torch.float64)
    return (-(lp * weights).sum() / lp.numel()).to(logprobs.dtype)
