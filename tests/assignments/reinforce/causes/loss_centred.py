"""The weights (returns minus baseline) are centred, minus their mean, before the loss (an
advantage normalisation without the std)."""
CAUSE = r"centres the weights"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    if baseline is None:
        baseline = 0.0
    if torch.is_tensor(baseline):
        baseline = baseline.detach()
    adv = (returns.detach() - baseline).expand_as(logprobs)
    adv = adv - adv.mean()
    return -torch.mean(logprobs * adv)
