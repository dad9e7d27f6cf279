"""Returns +mean(logprob * (return - baseline)): the objective, not the loss to minimise."""
HINT = "the sign is flipped: the loss to MINIMISE is minus the mean of logprob * (return - baseline)"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    weights = returns.detach()
    if baseline is not None:
        if torch.is_tensor(baseline):
            baseline = torch.broadcast_to(baseline.detach(), weights.shape)
        weights = weights - baseline
    return (logprobs * weights).mean()
