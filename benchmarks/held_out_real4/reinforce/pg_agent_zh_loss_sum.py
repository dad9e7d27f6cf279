"""reinforce_loss as ``-torch.sum(log_probs * returns)``: a sum over the steps where the contract
asks for the mean, with no baseline subtracted (``baseline`` ignored) and the returns used as
they come (a gradient flows into them when they require grad).

Source: code-search file 3093097664, a policy-gradient agent's ``update(self, log_probs,
returns)``: ``log_probs = torch.stack(log_probs); loss = -torch.sum(log_probs * returns)``.
Ported: ``log_probs`` is the ``logprobs`` tensor (no stacking); ``baseline`` is unused.
"""
SOURCE = "code-search file 3093097664 (PGAgent.update, -sum(log_probs * returns))"
KIND = "reinforce: sum instead of mean, baseline ignored"
CAUSE = (r"\bsum|summ|instead of (the )?mean|averag|times (T|the number)|scal(ed|es) with|"
         r"baseline|detach|gradient.{0,30}(return|baseline)|constant")

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    log_probs = logprobs
    loss = -torch.sum(log_probs * returns)
    return loss
