"""The loss subtracts returns.mean() as its own baseline and never reads the baseline
argument."""
CAUSE = r"subtracts the mean of the returns where the baseline passed belongs"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    advantage = returns.detach() - returns.detach().mean()
    return -(logprobs * advantage).mean()
