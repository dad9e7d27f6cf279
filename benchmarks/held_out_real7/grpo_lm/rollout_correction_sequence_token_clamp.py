"""tis_weights from a rollout-correction helper (``rollout_is == "sequence"``): each token's
log-ratio is CLAMPED to [-20, 20] before the sum over the real tokens, so a response whose tokens
differ a lot gets a weight the clamp has changed (a summed log-ratio far below -20 per token no
longer gives the true tiny weight); padding is removed by MULTIPLYING with the mask, so a
``-inf`` in both inputs at padding (``-inf - -inf`` is nan) makes the weight nan.

Source: code-search file 21161225368, ``def _compute_rollout_is_weights(log_ratio, mask,
rollout_is, threshold): log_ratio = torch.clamp(log_ratio, min=-20.0, max=20.0); if rollout_is ==
"token": ... elif rollout_is == "sequence": seq_log_ratio = (log_ratio * mask).sum(dim=-1,
keepdim=True); weights = torch.exp(seq_log_ratio).expand_as(log_ratio); ... return
weights.clamp(max=threshold).detach()``. Ported: ``log_ratio`` is ``logp_trainer -
logp_rollout``, ``threshold`` is ``cap``; one weight per response (not expanded over tokens).
"""
SOURCE = "code-search file 21161225368"
KIND = "grpo_lm: per-token log-ratio clamped to 20, padding multiplied"
CAUSE = r"clamp|20|clip|per.?token|nan|-?inf|padding|multipl|mask"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = logp_trainer - logp_rollout
    log_ratio = torch.clamp(log_ratio, min=-20.0, max=20.0)
    seq_log_ratio = (log_ratio * mask).sum(dim=-1)
    weights = torch.exp(seq_log_ratio)
    return weights.clamp(max=cap).detach()
