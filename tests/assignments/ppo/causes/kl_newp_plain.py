"""p_new * (logp_new - logp_old)."""
import torch

CAUSE = r"sample's NEW probability"


def approx_kl(logp_old, logp_new):
    p_new = torch.exp(logp_new)
    return torch.mean(p_new * (logp_new - logp_old))
