"""The mean log-ratio over the real tokens, not their sum."""
import torch


@torch.no_grad()
def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    s = (logp_trainer - logp_rollout).masked_fill(~mask, 0.0).sum(1)
    return (s / mask.sum(1).clamp(min=1)).exp().clamp(max=cap)
