"""The log-ratio summed with a float32 copy of the trainer's log-probs."""
ROUNDED = True

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    lt = logp_trainer.detach().float()
    log_ratio = torch.where(mask, lt - logp_rollout, torch.zeros_like(logp_rollout))
    return torch.exp(log_ratio.sum(dim=1)).clamp(max=cap)
