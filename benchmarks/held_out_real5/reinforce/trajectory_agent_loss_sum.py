"""reinforce_loss as ``-torch.sum(log_probs * returns)`` ("Compute loss: -sum(log_prob *
return)"): the SUM over the steps where the contract asks for the mean.

Source: code-search file 29814721008, a REINFORCE agent class, ``update(self, trajectory)``:
``returns = self.compute_returns(rewards); log_probs = torch.stack(log_probs); loss =
-torch.sum(log_probs * returns)``. Ported: the log-probs and returns arrive as tensors (the
returns detached, as the contract treats them as constants); a baseline, which the source has
not, is subtracted from the returns when given.
"""
SOURCE = "code-search file 29814721008 (REINFORCE agent update, -sum(log_prob * return))"
KIND = "reinforce: sum instead of mean"
CAUSE = r"\bsum|summed|instead of (the |a )?mean|not averaged|divid\w* by T|times T|T times|number of steps|scale"

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    log_probs = logprobs
    returns = returns.detach()
    if baseline is not None:
        returns = returns - (baseline.detach() if torch.is_tensor(baseline) else baseline)
    loss = -torch.sum(log_probs * returns)
    return loss
