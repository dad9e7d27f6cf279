"""F.kl_div(logp_old, logp_new, log_target=True)."""
import torch.nn.functional as F
import torch

CAUSE = r"sample's NEW probability"


def approx_kl(logp_old, logp_new):
    return F.kl_div(logp_old, logp_new, reduction="mean", log_target=True)
