"""A loop over the time steps, each adding its (row of) terms."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    b = torch.zeros_like(returns) if baseline is None else torch.broadcast_to(
        torch.as_tensor(baseline, dtype=returns.dtype).detach(), returns.shape)
    total = torch.zeros((), dtype=logprobs.dtype)
    for t in range(logprobs.shape[0]):
        total = total + (logprobs[t] * (returns[t].detach() - b[t])).sum()
    return -total / logprobs.numel()
