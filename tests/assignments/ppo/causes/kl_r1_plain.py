"""mean(ratio - 1)."""
import torch

CAUSE = r"estimate is mean\(r - 1\)"


def approx_kl(logp_old, logp_new):
    ratio = torch.exp(logp_new - logp_old)
    return (ratio - 1).mean()
