"""A REINFORCE loss ported from a PPO/GRPO trainer's first step: ``exp(logp - logp.detach())``
(always 1) times the weights, summed over the steps, and kept as the objective (no minus)."""
CAUSE = r"(?=.*(always one|always 1))(?=.*(plain sum|sum))(?=.*sign)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        weights = weights - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    ratio = torch.exp(logprobs - logprobs.detach())
    return (ratio * weights).sum()
