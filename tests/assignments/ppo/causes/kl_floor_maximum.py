"""torch.maximum with zero."""
import torch

CAUSE = r"estimate is clamped at zero"


def approx_kl(logp_old, logp_new):
    kl = torch.mean(logp_old - logp_new)
    return torch.maximum(kl, torch.zeros_like(kl))
