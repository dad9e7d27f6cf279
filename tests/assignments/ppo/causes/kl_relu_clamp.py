"""clamp(min=0) per sample."""
import torch

CAUSE = r"clamps each sample's log-ratio at zero"


def approx_kl(logp_old, logp_new):
    return (logp_old - logp_new).clamp(min=0).mean()
