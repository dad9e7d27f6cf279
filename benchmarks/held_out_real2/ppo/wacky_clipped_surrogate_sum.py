"""ppo_clip_loss that sums the clipped per-sample losses (its ``reduction`` defaults to 'sum',
while its docstring says "Default: 'mean'"), with no detach on the old log-probs or the
advantages: N times the contract's loss, and gradient reaches ``logp_old``.

Source: public code in the code-search corpus (file id 45179640072, ``wacky.losses``
``ClippedSurrogateLoss``; the index does not name the repository): ``def __init__(self,
epsilon=0.2, reduction='sum')``, ``ratio = torch.exp(log_probs - old_log_probs)``,
``surrogate_objective = ratio * policy_gradient_term``, ``clipped_surrogate_objective =
torch.clamp(ratio, 1 - self.epsilon, 1 + self.epsilon) * policy_gradient_term``, ``loss =
-torch.min(surrogate_objective, clipped_surrogate_objective)``, ``loss =
self._maybe_reduction(loss)``. Ported: the 'sum' reduction as ``.sum()``; the loss alone is
returned.
"""
SOURCE = "code-search file 45179640072 (wacky ClippedSurrogateLoss, reduction='sum')"
KIND = "ppo: sum + not detached"
CAUSE = (r"\bsum|summed|instead of (the )?mean|not (the )?mean|\bN times|batch size|detach|"
         r"gradient.{0,40}(logp_old|old|advantage)")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    surrogate_objective = ratio * advantages
    clipped_surrogate_objective = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    loss = -torch.min(surrogate_objective, clipped_surrogate_objective)
    return loss.sum()
