"""tis_weights as verl's "geometric" level: exp of the MEAN token log-ratio (a per-token
geometric mean), not of the sum; masked_mean multiplies by the mask.

Source: volcengine/verl, verl/trainer/ppo/mismatch_helper.py (rollout_is_level "geometric"):
``log_ratio_mean = verl_F.masked_mean(log_ratio, response_mask, axis=-1)``; clamped to
[-20, 20]; ``torch.exp(...)``; then the cap. verl_F.masked_mean is ``(values * mask).sum(axis) /
mask.sum(axis)``.
"""
SOURCE = "volcengine/verl verl/trainer/ppo/mismatch_helper.py (geometric-level IS)"
KIND = "tis: token mean instead of sum"
CAUSE = r"averag|mean|SUM|product of its tokens|-inf|NaN|multipl"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    SAFETY_BOUND = 20.0
    log_ratio = logp_trainer.detach() - logp_rollout
    log_ratio_mean = (log_ratio * mask).sum(dim=-1) / mask.sum(dim=-1)
    log_ratio_mean_safe = torch.clamp(log_ratio_mean, min=-SAFETY_BOUND, max=SAFETY_BOUND)
    return torch.exp(log_ratio_mean_safe).clamp(max=cap)
