"""Averages the per-token log-ratios instead of summing them."""
HINT = ("you averaged the token log-ratios; a response's probability is the PRODUCT of its "
        "tokens' probabilities, so its log-ratio is their SUM")
import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    return torch.exp(log_ratio.sum(dim=1) / mask.sum(dim=1)).clamp(max=cap)
