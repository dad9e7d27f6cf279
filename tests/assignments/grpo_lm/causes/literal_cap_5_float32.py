"""tis_weights capped at 5.0 (the rollout engine's truncation threshold in a config) whatever cap
is passed, the log-ratios summed in float32."""
CAUSE = r"(?=.*cap. (is )?fixed at 5\b)(?=.*line \d+)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    diff = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    log_ratio = diff.float().sum(dim=1)
    return torch.clamp(torch.exp(log_ratio), max=5.0).to(logp_trainer.dtype)
