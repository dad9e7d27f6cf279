"""einsum over every step (one episode or a batch), divided by their number."""
import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        weights = weights - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    return -torch.einsum("...,...->", logprobs, weights) / logprobs.numel()
