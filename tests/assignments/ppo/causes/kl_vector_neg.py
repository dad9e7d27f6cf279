"""the negated log ratio, no mean."""
import torch

CAUSE = r"estimate is per sample"


def approx_kl(logp_old, logp_new):
    log_ratio = logp_new - logp_old
    return -log_ratio
