"""The loss sums over every step (``.sum()``), as many tutorials write it for one episode."""
CAUSE = r"MEAN over samples|MEAN over all steps|sums over"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    adv = returns.detach() if baseline is None else returns.detach() - (
        baseline.detach() if torch.is_tensor(baseline) else baseline)
    return -torch.sum(logprobs * adv)
