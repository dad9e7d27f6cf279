"""a dot product over n."""
import torch

CAUSE = r"mean squared log-ratio"


def approx_kl(logp_old, logp_new):
    d = logp_new - logp_old
    return torch.dot(d, d) / d.numel()
