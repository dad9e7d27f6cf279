"""k3 reversed with expm1."""
import torch

CAUSE = r"k3 with the log ratio the other way round"


def approx_kl(logp_old, logp_new):
    d = logp_old - logp_new
    return (torch.expm1(d) - d).mean()
