"""float32 ratio."""
import torch

CAUSE = r"estimate is mean\(r - 1\)"


def approx_kl(logp_old, logp_new):
    ratio = (logp_new.float() - logp_old.float()).exp()
    return (ratio - 1.0).mean().to(logp_old.dtype)
