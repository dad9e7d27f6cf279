"""tis_weights as the blog's sequence-level truncated IS: the per-token log-ratio MULTIPLIED by the
mask, summed, exponentiated and clamped to ``[C_min, C_max]``: right where the padding is finite,
but a ``-inf`` padding gives ``(-inf - -inf) * 0 = nan`` and a nan weight; and the weights are not
detached, so a gradient flows through them.

Source: code-search file 45781274565, a write-up on training-inference mismatch, sequence-level
correction: ``log_ratio = (old_per_token_logps - sampling_per_token_logps) * mask; seq_log_ratio =
log_ratio.sum(dim=-1); seq_ratio = torch.exp(seq_log_ratio); tis_ratio = torch.clamp(seq_ratio,
min=C_min, max=C_max)``. Ported: the trainer's log-probs as ``old_per_token_logps``, the rollout's
as ``sampling_per_token_logps``; ``C_max = cap`` and ``C_min = 0.0`` (the contract's weights lie in
``[0, cap]``).
"""
SOURCE = "code-search file 45781274565 (mismatch write-up, sequence-level TIS snippet)"
KIND = "grpo_lm: padding removed by multiplying with the mask"
CAUSE = r"multipl\w*|\* ?mask|-inf|\bnan\b|infinit|not a number|detach|gradient"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    old_per_token_logps, sampling_per_token_logps = logp_trainer, logp_rollout
    C_min, C_max = 0.0, cap
    log_ratio = (old_per_token_logps - sampling_per_token_logps) * mask
    seq_log_ratio = log_ratio.sum(dim=-1)
    seq_ratio = torch.exp(seq_log_ratio)
    tis_ratio = torch.clamp(seq_ratio, min=C_min, max=C_max)
    return tis_ratio
