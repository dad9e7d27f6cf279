"""relu of a float32 mean."""
import torch

CAUSE = r"estimate is clamped at zero"


def approx_kl(logp_old, logp_new):
    return torch.relu((logp_old.float() - logp_new.float()).mean()).to(logp_old.dtype)
