"""The mean written as a sum over ``numel()``, weights in float32 (a float32 intermediate)."""
CORRECT = True

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach().float()
    if baseline is not None:
        w = w - torch.as_tensor(baseline).detach().float()
    w = torch.broadcast_to(w, logprobs.shape).to(logprobs.dtype)
    return -(logprobs * w).sum() / logprobs.numel()
