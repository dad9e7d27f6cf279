"""expm1 of the log ratio."""
import torch

CAUSE = r"estimate is mean\(r - 1\)"


def approx_kl(logp_old, logp_new):
    return torch.expm1(logp_new - logp_old).mean()
