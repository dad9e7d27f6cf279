"""The k3 KL estimator written per sample, in float64, and never averaged: one estimate per
sample comes back."""
CAUSE = r"shape of the inputs .*one number.*does not reduce"

import torch


def approx_kl(logp_old, logp_new):
    log_ratio = (logp_new - logp_old).double()
    return ((torch.exp(log_ratio) - 1) - log_ratio).to(logp_new.dtype)
