"""reinforce_loss from a Chinese tutorial on policy gradients leading to GRPO: the returns are
STANDARDISED inside the loss ("baseline + normalize": minus their mean, divided by their unbiased
std + 1e-8) and the per-step terms are SUMMED, not averaged.

Source: code-search file 62125481441, ``returns = compute_returns(rewards); returns = (returns -
returns.mean()) / (returns.std() + 1e-8)   # baseline + normalize; loss = -(log_probs *
returns).sum()``. Ported: a given baseline is subtracted first, then the source's normalisation
and sum; the returns are not detached (the source's come from ``torch.tensor``).
"""
SOURCE = "code-search file 62125481441"
KIND = "reinforce: returns standardised inside the loss, and summed"
CAUSE = r"standardi|normali|std|standard deviation|\bsum|summ|total|instead of (the )?mean"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    if baseline is not None:
        returns = returns - baseline
    returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    loss = -(logprobs * returns).sum()
    return loss
