"""k3 with the log-ratio the other way round, returned with .item()."""
CAUSE = r"(?=.*k3 with the log ratio the other way)(?=.*Python float)"

import torch


def approx_kl(logp_old, logp_new):
    log_r = logp_old - logp_new
    return (torch.exp(log_r) - 1 - log_r).mean().item()
