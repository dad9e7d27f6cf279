"""tis_weights by a sequence-level TIS helper: the summed log-ratio (masked by multiplying with
the mask) is clamped to [-20, 20], exponentiated and capped, as the contract asks, but then a
"veto" zeroes the whole weight of any response holding one real token whose log-ratio is below
log(1e-4) (about -9.2); and a ``-inf`` in the padding gives ``-inf - -inf = nan`` times 0 = nan.

Source: code-search file 37443346615, a rollout-correction helper ("compute_tis_weights(*,
old_log_prob, rollout_log_prob, eos_mask, level, mode, upper_threshold, lower_threshold,
veto_threshold=1e-4, safety_bound=20.0)"): ``log_ratio = old_log_prob - rollout_log_prob``; for
``level == "sequence"``: ``log_ratio_sum = masked_sum(log_ratio, eos_mask, dim=-1).unsqueeze(-1)``
(``masked_sum`` is ``(x * mask).sum(dim=dim)``); ``weights =
torch.exp(torch.clamp(log_ratio_sum, min=-safety_bound, max=safety_bound)).expand_as(old_log_prob)``;
``catastrophic_tokens = (log_ratio < log(veto_threshold)) & eos_mask.bool(); veto_mask =
(~catastrophic_tokens.any(dim=-1, keepdim=True)).float()``; ``mode == "truncate"``: ``weights =
weights.clamp(max=upper_threshold)``; ``weights = weights * veto_mask * eos_mask``;
``weights.detach()``. Ported: level "sequence", mode "truncate", ``upper_threshold = cap``, the
trainer's log-probs as ``old_log_prob``; the metrics are dropped; the per-token expansion is read
back as one weight per response (its first column, before the final mask product).
"""
SOURCE = "code-search file 37443346615 (rollout-correction compute_tis_weights, sequence level, veto)"
KIND = "grpo_lm: veto zeroes the weight"
CAUSE = r"veto|catastroph|1e-4|-9\.2|zero\w* (the )?(whole )?weight|weight\w* (is |are |set to )?zero|-inf|\bnan\b|multipl\w*|\* ?mask|safety|clamp\w* .{0,30}20"

import math

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    def masked_sum(x, mask, dim=-1):
        if mask is None:
            return x.sum(dim=dim)
        return (x * mask).sum(dim=dim)

    old_log_prob, rollout_log_prob, eos_mask = logp_trainer, logp_rollout, mask
    upper_threshold, veto_threshold, safety_bound = cap, 1e-4, 20.0
    log_ratio = old_log_prob - rollout_log_prob
    log_ratio_sum = masked_sum(log_ratio, eos_mask, dim=-1).unsqueeze(-1)
    log_ratio_sum_safe = torch.clamp(log_ratio_sum, min=-safety_bound, max=safety_bound)
    weights = torch.exp(log_ratio_sum_safe).expand_as(old_log_prob)
    catastrophic_tokens = (log_ratio < math.log(veto_threshold)) & eos_mask.bool()
    has_catastrophic = catastrophic_tokens.any(dim=-1, keepdim=True)
    veto_mask = (~has_catastrophic).to(weights.dtype)
    weights = weights.clamp(max=upper_threshold)
    weights = weights * veto_mask
    weights = weights.detach()
    return weights[:, 0]
