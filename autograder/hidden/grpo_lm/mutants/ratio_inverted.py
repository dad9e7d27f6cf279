"""Engine over trainer instead of trainer over engine."""
HINT = "the ratio is upside down: trainer over engine, exp(logp_trainer - logp_rollout)"
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_rollout - logp_trainer.detach(), torch.zeros_like(logp_rollout))
    return torch.exp(log_ratio.sum(dim=1)).clamp(max=cap)
