"""kl_div, batchmean, of 1-D inputs."""
import torch.nn.functional as F
import torch

CAUSE = r"sample's NEW probability"


def approx_kl(logp_old, logp_new):
    return F.kl_div(logp_old, logp_new.exp(), reduction="batchmean")
