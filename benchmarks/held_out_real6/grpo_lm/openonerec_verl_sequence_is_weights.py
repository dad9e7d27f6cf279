"""tis_weights as a verl copy's rollout importance sampling computes them at sequence level in
truncate mode: the per-token log-ratios summed with ``masked_sum`` (multiplying by the mask, so a
``-inf`` in the padding gives ``nan``), clamped to [-20, 20] before ``exp``, then clamped at the cap
and multiplied by the mask; the weights are not detached (the source's caller computes its log-probs
under ``no_grad``), so gradient flows back into the trainer's log-probs.

Source: zzzzzap111/OpenOneRec verl_distillation/verl/trainer/ppo/mismatch_helper.py,
``compute_rollout_importance_weights``: ``log_ratio = old_log_prob - rollout_log_prob``; for
``rollout_is_level == "sequence"``: ``log_ratio_sum = verl_F.masked_sum(log_ratio, response_mask,
axis=-1).unsqueeze(-1); log_ratio_sum_safe = torch.clamp(log_ratio_sum, min=-SAFETY_BOUND,
max=SAFETY_BOUND); rollout_is_weights = torch.exp(log_ratio_sum_safe).expand_as(old_log_prob)``;
truncate mode: ``rollout_is_weights = rollout_is_weights.clamp(max=upper_threshold)``; then
``rollout_is_weights = rollout_is_weights * response_mask``. Ported: ``old_log_prob`` is
``logp_trainer``, ``rollout_log_prob`` is ``logp_rollout``, the threshold is ``cap``, ``masked_sum``
is verl's ``(values * mask).sum(axis)``; one weight per response (the first column of the
broadcast weights; every row's first token is real).
"""
SOURCE = "zzzzzap111/OpenOneRec verl_distillation/verl/trainer/ppo/mismatch_helper.py"
KIND = "grpo_lm: padding multiplied by the mask, weights not detached"
CAUSE = r"detach|gradient|-inf|inf\b|nan|padding|multipl|mask"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    def masked_sum(values, mask, axis=None):
        return (values * mask).sum(axis=axis)

    old_log_prob, rollout_log_prob, response_mask = logp_trainer, logp_rollout, mask
    SAFETY_BOUND = 20.0
    log_ratio = old_log_prob - rollout_log_prob
    log_ratio_sum = masked_sum(log_ratio, response_mask, axis=-1).unsqueeze(-1)
    log_ratio_sum_safe = torch.clamp(log_ratio_sum, min=-SAFETY_BOUND, max=SAFETY_BOUND)
    rollout_is_weights = torch.exp(log_ratio_sum_safe).expand_as(old_log_prob)
    rollout_is_weights = rollout_is_weights.clamp(max=cap)
    rollout_is_weights = rollout_is_weights * response_mask
    return rollout_is_weights[:, 0]
