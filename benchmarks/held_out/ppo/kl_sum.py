"""approx_kl sums the log-ratio over the batch instead of averaging it."""
CAUSE = r"sum|times"

import torch


def approx_kl(logp_old, logp_new):
    return torch.sum(logp_old - logp_new, dim=0)
