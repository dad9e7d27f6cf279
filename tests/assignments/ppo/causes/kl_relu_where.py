"""where per sample, float32."""
import torch

CAUSE = r"clamps each sample's log-ratio at zero"


def approx_kl(logp_old, logp_new):
    d = (logp_old - logp_new).float()
    return torch.where(d > 0, d, torch.zeros_like(d)).mean().to(logp_old.dtype)
