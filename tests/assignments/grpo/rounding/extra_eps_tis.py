"""exp(log-ratio + 1e-7): a constant inside the exponent (a loop over responses)."""
ROUNDED = False

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    out = []
    for lt, lr, m in zip(logp_trainer.detach(), logp_rollout, mask):
        out.append(torch.exp((lt[m] - lr[m]).sum() + 1e-7).clamp(max=cap))
    return torch.stack(out).to(logp_rollout.dtype)
