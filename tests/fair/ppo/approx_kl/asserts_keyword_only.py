"""Asserts from the docstring, and a keyword-only choice of estimator of the student's own."""
import torch


def approx_kl(logp_old, logp_new, *, estimator="k1"):
    assert logp_old.shape == logp_new.shape and logp_old.dim() == 1
    log_ratio = logp_new - logp_old
    if estimator == "k3":
        return ((log_ratio.exp() - 1) - log_ratio).mean()
    return (-log_ratio).mean()
