"""Spinning-up / the PyTorch REINFORCE example: returns standardised inside the loss
(``(returns - returns.mean()) / (returns.std() + eps)``, sample std, eps 1e-9) and the
per-step terms summed (``torch.cat(policy_loss).sum()``) where the contract averages."""
CAUSE = r"(?=.*(plain sum|sums))(?=.*(standardis|normalis))"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    b = 0.0 if baseline is None else (baseline.detach() if torch.is_tensor(baseline) else baseline)
    eps = 1e-9
    g = returns.detach() - b
    policy_loss = [-lp * (r - g.mean()) / (g.std() + eps) for lp, r in zip(logprobs, g)]
    return torch.stack(policy_loss).sum()
