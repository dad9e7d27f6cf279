"""Truncated importance sampling per token, as vLLM-mismatch notes write it: each token's
ratio exp(logp_trainer - logp_rollout) capped, padding zeroed by multiplying with the mask,
detached; the (N, L) token weights are returned where the contract asks one weight per
response."""
CAUSE = r"shape of the inputs .*does not reduce over the last dimension"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = (logp_trainer.detach() - logp_rollout).masked_fill(~mask, 0.0)
    return torch.clamp(torch.exp(log_ratio), max=cap) * mask
