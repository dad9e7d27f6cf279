"""Clips the weights from below too, like PPO's ratio."""
HINT = "you bounded the weights from below too; truncation only caps them from above"
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    return torch.exp(log_ratio.sum(dim=1)).clamp(min=1.0 / cap, max=cap)
