"""The summed log-ratio clamped at the cap before exp, with the cap hard-coded at 1.0; float32
sum."""
CAUSE = r"(?=.*before exp)(?=.*`cap` is fixed at 1\b)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    s = torch.where(mask, logp_trainer.detach() - logp_rollout,
                    torch.zeros_like(logp_rollout)).float().sum(dim=1)
    return torch.exp(torch.clamp(s, max=1.0)).to(logp_rollout.dtype)
