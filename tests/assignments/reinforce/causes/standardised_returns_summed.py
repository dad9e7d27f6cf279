"""reinforce_loss that standardises the returns it is given (torch's sample std, + 1e-9 as the
Pong/CartPole example scripts write it) and sums the weighted log-probs instead of averaging.
Source: pytorch/examples reinforce.py's `returns = (returns - returns.mean()) / (returns.std() +
eps)` moved into the loss, with its `torch.cat(policy_loss).sum()`."""
CAUSE = r"(?=.*(standardi|normali))(?=.*\bsums?\b)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    returns = returns.detach()
    if baseline is not None:
        returns = returns - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    eps = 1e-9
    returns = (returns - returns.mean()) / (returns.std() + eps)
    return -(logprobs * returns).sum()
