"""tis_weights as a fine-tuning framework's rollout importance sampling computes the
``sequence_truncate`` weight: each token's log-ratio is first clamped to [-20, 20] ("safety
bound"), exponentiated, and the sequence ratio is the GEOMETRIC MEAN of the token ratios
(``exp`` of the MEAN log-ratio over the real tokens), not their product; padding is removed by
multiplying with the mask (a ``-inf`` log-ratio at both padding positions gives nan).

Source: code-search file 67613632856, ``def compute_sequence_level_ratios(is_ratio,
completion_mask): log_ratio = torch.log(is_ratio.clamp(min=1e-10)); seq_log_ratios = (log_ratio *
completion_mask).sum(-1) / completion_mask.sum(-1).clamp(min=1.0); return
torch.exp(seq_log_ratios)`` and ``SAFETY_BOUND = 20.0; rollout_log_ratio_safe =
torch.clamp(rollout_log_ratio, min=-SAFETY_BOUND, max=SAFETY_BOUND); is_ratio =
torch.exp(rollout_log_ratio_safe) ... if mode == 'sequence_truncate': seq_ratios =
compute_sequence_level_ratios(is_ratio, completion_mask); clipped = torch.clamp(seq_ratios,
max=threshold); return clipped.unsqueeze(-1).expand_as(is_ratio)``. Ported: the log-ratio is
``logp_trainer - logp_rollout``, ``threshold`` is ``cap``; the ``(N,)`` weights are returned (not
expanded over the tokens) and detached (the source runs under the trainer's no-grad IS step).
"""
SOURCE = "code-search file 67613632856"
KIND = "grpo_lm: geometric mean of token ratios (per-token clamp)"
CAUSE = r"geometric|mean|average|per.?token|length|product|sum|clamp|20|nan"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    rollout_log_ratio = (logp_trainer - logp_rollout).detach()
    SAFETY_BOUND = 20.0
    rollout_log_ratio_safe = torch.clamp(rollout_log_ratio, min=-SAFETY_BOUND, max=SAFETY_BOUND)
    is_ratio = torch.exp(rollout_log_ratio_safe)
    log_ratio = torch.log(is_ratio.clamp(min=1e-10))
    seq_log_ratios = (log_ratio * mask).sum(-1) / mask.sum(-1).clamp(min=1.0)
    seq_ratios = torch.exp(seq_log_ratios)
    clipped = torch.clamp(seq_ratios, max=cap)
    return clipped
