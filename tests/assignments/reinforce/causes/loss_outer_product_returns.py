"""The weights unsqueezed to a column against (T,) log-probs (``w[:, None] * logprobs``),
float64 inside."""
CAUSE = r"product of two means|outer product"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach().double()
    if baseline is not None:
        w = w - torch.as_tensor(baseline).detach().double()
    w = w.reshape(-1)
    return -(w[:, None] * logprobs.double().reshape(-1)).mean().to(logprobs.dtype)
