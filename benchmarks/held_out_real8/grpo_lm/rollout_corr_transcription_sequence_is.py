"""tis_weights from a test module that transcribes a rollout-correction helper's TIS branch
("sequence" level): the log-ratio is summed over the response by MULTIPLYING with the mask (a
``-inf`` in the padding gives NaN), clamped to a safety bound of +-20 before ``exp`` (so a weight
is never below ``exp(-20)``), then multiplied by the mask and capped; nothing is detached.

Source: code-search file 71063121029, ``def verl_rollout_is_weights(log_ratio, response_mask,
rollout_is, threshold): ... elif rollout_is == "sequence": log_ratio_sum = (log_ratio *
response_mask).sum(dim=-1).unsqueeze(-1); log_ratio_sum_safe = torch.clamp(log_ratio_sum,
min=-VERL_IS_SAFETY_BOUND, max=VERL_IS_SAFETY_BOUND); raw_rollout_is_weights =
torch.exp(log_ratio_sum_safe).expand_as(log_ratio); ... raw_rollout_is_weights =
raw_rollout_is_weights * response_mask; return raw_rollout_is_weights.clamp(max=threshold)``.
Ported: ``log_ratio`` is ``logp_trainer - logp_rollout``, ``threshold`` is ``cap``, the bound is
20.0 as in the helper it transcribes; one weight per response is returned (the value every real
token of the row carries), not the expanded per-token copy.
"""
SOURCE = "code-search file 71063121029"
KIND = "grpo_lm: sequence IS weight, mask product, bound 20, not detached"
CAUSE = r"detach|gradient|grad|multipl|-inf|nan|padding|clamp|20\b|safety|bound|exp\(-20\)|lower"

import torch

VERL_IS_SAFETY_BOUND = 20.0


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = logp_trainer - logp_rollout
    response_mask = mask
    log_ratio_sum = (log_ratio * response_mask).sum(dim=-1).unsqueeze(-1)
    log_ratio_sum_safe = torch.clamp(log_ratio_sum, min=-VERL_IS_SAFETY_BOUND, max=VERL_IS_SAFETY_BOUND)
    raw_rollout_is_weights = torch.exp(log_ratio_sum_safe)
    return raw_rollout_is_weights.clamp(max=cap).squeeze(-1)
