"""The ratio upside down (engine over trainer), capped, then normalised to mean 1 over the
batch (self-normalised importance sampling)."""
CAUSE = r"(?=.*(`logp_trainer` and `logp_rollout` are swapped|upside down))(?=.*mean 1)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    lr = torch.where(mask, logp_rollout - logp_trainer.detach(), torch.zeros_like(logp_rollout))
    w = torch.exp(lr.sum(dim=1)).clamp(max=cap)
    return w / w.mean()
