"""a loop that keeps the positive terms."""
import torch

CAUSE = r"clamps each sample's log-ratio at zero"


def approx_kl(logp_old, logp_new):
    total = torch.zeros((), dtype=logp_old.dtype)
    for o, n in zip(logp_old, logp_new):
        if o > n:
            total = total + (o - n)
    return total / len(logp_old)
