"""Weights from the mean token log-ratio (a geometric mean of the ratios) capped at the
default 2.0 whatever cap is passed."""
CAUSE = r"(?=.*averaged the token log-ratios|.*geometric mean)(?=.*`cap` is fixed at 2\b)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    n = mask.sum(dim=1).clamp(min=1)
    return torch.exp(diff.sum(dim=1) / n).clamp(max=2.0)
