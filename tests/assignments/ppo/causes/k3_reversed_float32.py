"""k3 reversed, float32 inside."""
import torch

CAUSE = r"k3 with the log ratio the other way round"


def approx_kl(logp_old, logp_new):
    d = (logp_old - logp_new).float()
    return (d.exp() - 1.0 - d).mean().to(logp_old.dtype)
