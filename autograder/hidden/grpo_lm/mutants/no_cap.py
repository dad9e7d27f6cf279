"""Ignores the cap."""
HINT = "the weights were not capped: take min(exp(log-ratio sum), cap)"
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    return torch.exp(log_ratio.sum(dim=1))
