"""the mean clamped at 0."""
import torch

CAUSE = r"estimate is clamped at zero"


def approx_kl(logp_old, logp_new):
    return torch.clamp((logp_old - logp_new).mean(), min=0.0)
