"""verl's token-level TIS (rollout_is_level="token", mode "truncate": each token's ratio
exp(old_log_prob - rollout_log_prob) clamped at the threshold), reduced to one weight per
response the way a port to this contract does it: the masked mean of the capped token ratios
(masked_mean), in float32."""
CAUSE = r"each token|per token|token's ratio|tokens' ratios"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_ratio = (logp_trainer.detach().float() - logp_rollout.float())
    log_ratio = torch.where(mask, log_ratio, torch.zeros_like(log_ratio))
    ratio = torch.exp(log_ratio).clamp(max=cap)
    m = mask.float()
    w = (ratio * m).sum(-1) / m.sum(-1).clamp(min=1.0)
    return w.to(logp_rollout.dtype)
