"""tis_weights from an RL loss with sequence-level importance-sampling correction: the sequence
ratio is ``exp`` of the masked log-ratio sum, detached and clamped at 10 before ``exp``, then
capped at ``importance_sequence_clip_high``; the padding is removed by MULTIPLYING the log-ratio
with the mask, which gives NaN where a padding position holds ``-inf``.

Source: code-search file 40203215673, ``log_importance_ratio = policy_log_probs -
old_policy_log_probs.detach(); ... loss_mask = loss_mask.bool(); masked_log_ratio_sum =
(log_importance_ratio * loss_mask.to(log_importance_ratio.dtype)).sum(dim=-1);
seq_log_importance_ratio = torch.clamp(masked_log_ratio_sum.detach(), max=10.0);
seq_importance_ratio = torch.clamp(torch.exp(seq_log_importance_ratio),
max=self.config.importance_sequence_clip_high)``. Ported: ``policy_log_probs`` is
``logp_trainer``, ``old_policy_log_probs`` is ``logp_rollout``, the clip is ``cap``.
"""
SOURCE = "code-search file 40203215673"
KIND = "grpo_lm: IS weight with the padding multiplied by the mask"
CAUSE = r"multipl|-inf|nan|padding|masked_fill|where|clamp|10\b"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_importance_ratio = logp_trainer - logp_rollout.detach()
    loss_mask = mask.bool()
    masked_log_ratio_sum = (log_importance_ratio * loss_mask.to(log_importance_ratio.dtype)).sum(dim=-1)
    seq_log_importance_ratio = torch.clamp(masked_log_ratio_sum.detach(), max=10.0)
    seq_importance_ratio = torch.clamp(torch.exp(seq_log_importance_ratio), max=cap)
    return seq_importance_ratio
