"""The arithmetic mean of the tokens' ratios, then the cap."""
CAUSE = r"average the tokens' ratios"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    ratio = torch.exp(logp_trainer.detach() - logp_rollout)
    ratio = torch.where(mask, ratio, torch.zeros_like(ratio))
    return (ratio.sum(-1) / mask.sum(-1).clamp(min=1)).clamp(max=cap)
