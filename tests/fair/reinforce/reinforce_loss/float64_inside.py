"""float64 inside whatever comes in, cast back to the input's dtype (gradients flow through)."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    lp = logprobs.to(torch.float64)
    weights = returns.detach().to(torch.float64)
    if baseline is not None:
        weights = weights - torch.as_tensor(baseline, dtype=torch.float64).detach()
    return (-(lp * weights).sum() / lp.numel()).to(logprobs.dtype)
