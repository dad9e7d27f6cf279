"""tis_weights per token: ``min(exp(logp_trainer - logp_rollout), cap)`` for every position,
detached, an ``(N, L)`` tensor (padding included) where the contract wants one weight per
response, ``min(exp(sum over real tokens), cap)``.

Source: code-search file 70331468218 (a GRPO/GSPO/TIS study module, ``# region tis``):
``def tis_weights(train_logp, rollout_logp, cap=2.0)``: ``return torch.exp(train_logp -
rollout_logp).clamp(max=cap).detach()`` ("截断重要性采样权重 min(π_train / π_rollout, C)，不回传梯度").
Ported as written; the function takes no mask, so the contract's ``mask`` is unused.
"""
SOURCE = "code-search file 70331468218 (tis_weights per token)"
KIND = "grpo_lm: per-token weights"
CAUSE = r"per.?token|each token|token.?level|shape|\(N, ?L\)|sum\w* (over|of) (the )?(real )?tokens|one (weight )?per (response|sequence)|per.?sequence"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    train_logp, rollout_logp = logp_trainer, logp_rollout
    return torch.exp(train_logp - rollout_logp).clamp(max=cap).detach()
