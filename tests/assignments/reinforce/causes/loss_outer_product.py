"""logprobs reshaped to a column ``(T, 1)`` (a policy head's output) times ``(T,)`` weights:
broadcasting makes a (T, T) outer product, and its mean is a product of two means."""
CAUSE = r"product of two means|outer product"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach()
    if baseline is not None:
        w = w - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    return -(logprobs.reshape(-1, 1) * w.reshape(-1)).mean()
