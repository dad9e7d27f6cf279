"""Correct: k1 written as -mean(log ratio)."""
import torch

CAUSE = r"$^"


def approx_kl(logp_old, logp_new):
    log_ratio = logp_new - logp_old
    return -torch.mean(log_ratio)
