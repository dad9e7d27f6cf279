"""sum of (r - 1) over the length."""
import torch

CAUSE = r"estimate is mean\(r - 1\)"


def approx_kl(logp_old, logp_new):
    r = torch.exp(logp_new - logp_old)
    return r.sum() / r.shape[0] - 1
