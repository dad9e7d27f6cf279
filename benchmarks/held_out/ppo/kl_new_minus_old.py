"""approx_kl averages logp_new - logp_old."""
CAUSE = r"sign|minus|revers|negative|order"

import torch


def approx_kl(logp_old, logp_new):
    return torch.mean(logp_new - logp_old)
