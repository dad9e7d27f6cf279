"""an if that returns zero for a negative estimate."""
import torch

CAUSE = r"estimate is clamped at zero"


def approx_kl(logp_old, logp_new):
    kl = (logp_old - logp_new).sum() / logp_old.numel()
    if kl < 0:
        return torch.zeros_like(kl)
    return kl
