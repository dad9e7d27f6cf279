"""The mean of the ratios in float32 (a .float() mask), then clamp."""
CAUSE = r"average the tokens' ratios"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    m = mask.float()
    mean = (torch.exp(diff) * m).sum(dim=1) / m.sum(dim=1).clamp(min=1.0)
    return torch.clamp(mean, max=cap).to(logp_rollout.dtype)
