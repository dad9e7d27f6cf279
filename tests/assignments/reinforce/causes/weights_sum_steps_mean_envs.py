"""The loss summed over the time steps of each environment and averaged over the environments
(`.sum(0).mean()`), as per-episode REINFORCE code writes it; a (T,) rollout is one
environment, so there it is the plain sum."""
CAUSE = r"1/\(?environments N|sums over the steps and averages over the episodes"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach() if baseline is None else returns.detach() - baseline
    return (-(logprobs * weights)).sum(0).mean()
