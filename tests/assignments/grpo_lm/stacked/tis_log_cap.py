"""tis_weights caps the summed log-ratio at cap (not at log(cap)), then exponentiates, float32,
with an eps in the exponent."""
CAUSE = r"cap"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    d = torch.where(mask, logp_trainer.detach() - logp_rollout, torch.zeros_like(logp_rollout))
    s = d.float().sum(dim=1).clamp(max=cap)
    return torch.exp(s + 1e-9).to(logp_rollout.dtype)
