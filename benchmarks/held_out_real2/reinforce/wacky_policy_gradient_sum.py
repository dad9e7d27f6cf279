"""reinforce_loss that sums ``-logprob * (return - baseline)`` over the steps (``reduction``
defaults to 'sum') and does not detach the returns or the baseline: T times the contract's loss,
and gradient flows into a baseline that requires grad.

Source: public code in the code-search corpus (file id 45179640072, ``wacky.losses``
``PolicyGradientLoss``; the index does not name the repository): ``def __init__(self,
reduction='sum')``, ``loss = -log_probs * policy_gradient_term``, ``return
self._maybe_reduction(loss)``. Ported: ``policy_gradient_term`` = returns - baseline (the
returns alone without one); the 'sum' reduction as ``.sum()``.
"""
SOURCE = "code-search file 45179640072 (wacky PolicyGradientLoss, reduction='sum')"
KIND = "loss: sum + not detached"
CAUSE = (r"\bsum|summed|instead of (the )?mean|not (the )?mean|\bT times|detach|"
         r"gradient.{0,40}(return|baseline)")

import torch


def reinforce_loss(logprobs, returns, baseline=None):
    policy_gradient_term = returns if baseline is None else returns - baseline
    loss = -logprobs * policy_gradient_term
    return loss.sum()
