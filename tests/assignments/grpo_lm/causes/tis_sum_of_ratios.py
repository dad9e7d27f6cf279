"""The tokens' ratios ADDED instead of multiplied (the loss code's masked sum over tokens reused
for the weight: (ratio * mask).sum(-1)), a response without tokens given weight 1 explicitly,
then capped; the ratios picked with torch.where."""
CAUSE = r"several tokens|PRODUCT of its tokens' ratios"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    ratio = torch.where(mask, torch.exp(logp_trainer.detach() - logp_rollout),
                        torch.zeros_like(logp_rollout))
    w = torch.where(mask.any(-1), ratio.sum(-1), torch.ones_like(ratio[:, 0]))
    return w.clamp(max=cap)
