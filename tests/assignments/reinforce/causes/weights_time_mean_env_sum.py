"""A vectorised-environments REINFORCE loss that averages over time and then SUMS over the
environments (``.mean(dim=0).sum()``, as a per-environment loss added up), negated, with the
product in float32."""
CAUSE = r"(?=.*(1/\(time steps T\)|dim 1 of `logprobs` times|sums over the episodes))"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        weights = weights - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    terms = -(logprobs.float() * weights.float())
    return terms.mean(dim=0).sum().to(logprobs.dtype)
