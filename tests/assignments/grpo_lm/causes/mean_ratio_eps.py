"""The mean of the ratios over (count + 1e-8) real tokens, capped with torch.minimum."""
CAUSE = r"average the tokens' ratios"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    with torch.no_grad():
        r = torch.exp(torch.where(mask, logp_trainer - logp_rollout, torch.zeros_like(logp_rollout)))
        r = r * mask.to(r.dtype)
        mean = r.sum(1) / (mask.sum(1).to(r.dtype) + 1e-8)
        return torch.minimum(mean, torch.full_like(mean, cap))
