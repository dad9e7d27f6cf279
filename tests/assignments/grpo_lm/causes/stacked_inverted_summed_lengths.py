"""The ratio upside down and the weights capped at the default 2.0."""
CAUSE = r"(?=.*(`logp_trainer` and `logp_rollout` are swapped|upside down))(?=.*`cap` is fixed at 2\b)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    lr = torch.where(mask, logp_rollout - logp_trainer.detach(), torch.zeros_like(logp_rollout))
    return lr.sum(1).exp().clamp(max=2.0)
