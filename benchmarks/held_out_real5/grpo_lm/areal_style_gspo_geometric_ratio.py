"""tis_weights from a GSPO-style sequence-level ratio: the exponential of the MEAN log-ratio over
the real tokens (the geometric mean of the token ratios) instead of the exponential of their SUM
(the ratio of the whole responses' probabilities); then capped and detached as the contract asks.

Source: code-search file 54785388531, a PPO/GSPO loss module (AReaL-style),
``_compute_sequence_level_ratio_and_advantages(log_ratio, advantages, loss_mask, cu_seqlens)``,
2-D branch: ``seq_log_ratio_mean = torch.where(loss_mask, log_ratio, 0.0).sum(dim=1) /
loss_mask.sum(dim=1).clamp(min=1); ratio = torch.exp(seq_log_ratio_mean.unsqueeze(1).expand_as(log_ratio))``,
with ``log_ratio = logprobs - proximal_logprobs``. Ported: one ratio per response (before the
per-token expansion), the trainer's log-probs as ``logprobs`` and the rollout's as
``proximal_logprobs``; ``torch.clamp(ratio, max=cap)`` and ``.detach()`` added (the truncation
the contract's weight asks for; the source logs ``ratio.detach()``).
"""
SOURCE = "code-search file 54785388531 (GSPO _compute_sequence_level_ratio_and_advantages, 2-D)"
KIND = "grpo_lm: geometric mean ratio"
CAUSE = r"\bmean\b|averag|geometric|length|per.token|divid|number of (real )?tokens|normali[sz]"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    loss_mask = mask
    log_ratio = logp_trainer - logp_rollout
    seq_log_ratio_mean = torch.where(loss_mask, log_ratio, 0.0).sum(dim=1) / loss_mask.sum(dim=1).clamp(min=1)
    ratio = torch.exp(seq_log_ratio_mean)
    return torch.clamp(ratio, max=cap).detach()
