"""(k + |k|) / 2, the positive part."""
import torch

CAUSE = r"estimate is clamped at zero"


def approx_kl(logp_old, logp_new):
    k = (logp_old - logp_new).mean()
    return (k + k.abs()) / 2
