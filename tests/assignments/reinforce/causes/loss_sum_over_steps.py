"""Sums over the steps of each episode, averages over the episodes (columns) of a batch: the
"sum over t, mean over trajectories" of the policy-gradient estimator's formula."""
CAUSE = r"sums over the steps and averages over the episodes|MEAN over samples"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    w = returns.detach()
    if baseline is not None:
        w = w - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    per_episode = (logprobs * w).sum(dim=0)
    return -per_episode.mean()
