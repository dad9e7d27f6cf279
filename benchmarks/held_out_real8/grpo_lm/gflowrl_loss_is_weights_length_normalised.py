"""tis_weights from a GFlowRL-style policy loss: by default (``raw_seq_ratio`` False) the
importance weight's exponent is the log-ratio summed over the response by multiplying with the mask
and then DIVIDED BY THE RESPONSE LENGTH (a per-token geometric mean, not the whole sequence's
ratio), clamped at 10 before ``exp`` and capped at the threshold, under ``no_grad``.

Source: code-search file 58263335841, ``response_mask = response_mask.to(log_prob.dtype); seq_len =
response_mask.sum(dim=-1).clamp(min=1.0); log_ratio_sum = ((log_prob - old_log_prob) *
response_mask).sum(dim=-1); log_ratio_norm = log_ratio_sum / seq_len; with torch.no_grad():
exponent = log_ratio_sum if raw_seq_ratio else log_ratio_norm; is_weights =
torch.exp(exponent.clamp(max=10.0)).clamp(max=is_threshold)``. Ported: ``log_prob`` is
``logp_trainer``, ``old_log_prob`` is ``logp_rollout``, ``is_threshold`` is ``cap``; the default
(``raw_seq_ratio=False``) is kept.
"""
SOURCE = "code-search file 58263335841"
KIND = "grpo_lm: IS weight from the per-token mean log-ratio"
CAUSE = r"length|mean|average|geometric|per.token|divid|normali"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0, raw_seq_ratio=False):
    response_mask = mask.to(logp_trainer.dtype)
    seq_len = response_mask.sum(dim=-1).clamp(min=1.0)
    log_ratio_sum = ((logp_trainer - logp_rollout) * response_mask).sum(dim=-1)
    log_ratio_norm = log_ratio_sum / seq_len
    with torch.no_grad():
        exponent = log_ratio_sum if raw_seq_ratio else log_ratio_norm
        is_weights = torch.exp(exponent.clamp(max=10.0)).clamp(max=cap)
    return is_weights
