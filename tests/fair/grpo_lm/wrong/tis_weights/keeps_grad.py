"""Not detached: the weights carry a gradient from the trainer's log-probs."""
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    s = torch.where(mask, logp_trainer - logp_rollout, torch.zeros_like(logp_rollout)).sum(1)
    return s.exp().clamp(max=cap)
