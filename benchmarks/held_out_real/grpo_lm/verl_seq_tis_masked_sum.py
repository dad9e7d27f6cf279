"""tis_weights as verl's sequence-level rollout IS: masked_sum (a product with the mask), the
log-ratio sum clamped to [-20, 20], exp, then the cap: NaN where padding holds -inf.

Source: volcengine/verl, verl/trainer/ppo/mismatch_helper.py (rollout_is_level "sequence"):
``log_ratio_sum = verl_F.masked_sum(log_ratio, response_mask, axis=-1)``;
``log_ratio_sum_safe = torch.clamp(log_ratio_sum, min=-SAFETY_BOUND, max=SAFETY_BOUND)``
(SAFETY_BOUND = 20.0); ``torch.exp(log_ratio_sum_safe)``, then ``.clamp(max=threshold)``.
verl_F.masked_sum is ``(values * mask).sum(axis)``. Ported: log_ratio is the detached trainer
log-probs minus the rollout's.
"""
SOURCE = "volcengine/verl verl/trainer/ppo/mismatch_helper.py (sequence-level IS)"
KIND = "mask product (-inf * 0)"
CAUSE = r"-inf|NaN|multipl"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    SAFETY_BOUND = 20.0
    log_ratio = logp_trainer.detach() - logp_rollout
    log_ratio_sum = (log_ratio * mask).sum(dim=-1)
    log_ratio_sum_safe = torch.clamp(log_ratio_sum, min=-SAFETY_BOUND, max=SAFETY_BOUND)
    rollout_is_weights = torch.exp(log_ratio_sum_safe)
    return rollout_is_weights.clamp(max=cap)
