"""Caps each token's ratio, then multiplies."""
HINT = "you capped each token's ratio; the cap applies to the whole response's ratio"
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    ratio = torch.exp(logp_trainer.detach() - logp_rollout).clamp(max=cap)
    return torch.where(mask, ratio, torch.ones_like(ratio)).prod(dim=1)
