"""Subtracts in place into the trainer's tensor."""
HINT = "you modified an input in place (-=); compute the difference into a new tensor"
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    lp = logp_trainer.detach()
    lp -= logp_rollout
    return torch.exp(torch.where(mask, lp, torch.zeros_like(lp)).sum(dim=1)).clamp(max=cap)
