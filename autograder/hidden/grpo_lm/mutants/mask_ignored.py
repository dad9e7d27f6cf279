"""Sums the log-ratio over padding too."""
HINT = "you summed the log-ratios over the padding too: apply the mask before summing"
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    return torch.exp((logp_trainer.detach() - logp_rollout).sum(dim=1)).clamp(max=cap)
