"""The weights carry the trainer's gradient."""
HINT = "the weights carry a gradient: detach the trainer's log-probs (or use torch.no_grad())"
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_trainer - logp_rollout, torch.zeros_like(logp_rollout))
    return torch.exp(log_ratio.sum(dim=1)).clamp(max=cap)
