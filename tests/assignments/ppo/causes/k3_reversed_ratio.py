"""ratio = pi_old / pi_new, (ratio - 1) - log ratio."""
import torch

CAUSE = r"k3 with the log ratio the other way round"


def approx_kl(logp_old, logp_new):
    ratio = torch.exp(logp_old - logp_new)
    return ((ratio - 1) - torch.log(ratio)).mean()
