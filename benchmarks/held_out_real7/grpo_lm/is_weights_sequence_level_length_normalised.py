"""tis_weights from an importance-sampling helper's ``level == "sequence"`` branch: the sequence log
ratio is the MEAN of the token log-ratios over the real tokens (``sum / mask.sum()``, a geometric
mean of the token ratios), clamped to [-20, 20], exponentiated and multiplied by the mask;
padding is removed by multiplying (a ``-inf`` there gives nan); the source returns no truncation
at this point and the caller caps it.

Source: code-search file 56577508670, ``elif level == "sequence": seq_log_ratio = (log_ratio *
mask).sum(dim=-1, keepdim=True) / mask.sum(dim=-1, keepdim=True).clamp(min=1); weights =
torch.exp(seq_log_ratio.clamp(min=-20.0, max=20.0)).expand_as(log_ratio) * mask``. Ported: one
weight per response (not expanded over the tokens, so the trailing ``* mask`` is dropped), capped
at ``cap`` as the caller's "optional truncation" does, and detached.
"""
SOURCE = "code-search file 56577508670"
KIND = "grpo_lm: geometric mean of token ratios"
CAUSE = r"geometric|mean|average|per.?token|length|product|sum|nan"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = (logp_trainer - logp_rollout).detach()
    mask = mask.to(log_ratio.dtype)
    seq_log_ratio = (log_ratio * mask).sum(dim=-1) / mask.sum(dim=-1).clamp(min=1)
    weights = torch.exp(seq_log_ratio.clamp(min=-20.0, max=20.0))
    return weights.clamp(max=cap)
