"""approx_kl from a safety-constrained MAPPO's ``ppo_clip_loss``, which returns the clip loss and
an "approximate KL (for monitoring)": ``((log_probs_old - log_probs_new) ** 2 / 2).mean()``, half
the mean SQUARED log-ratio (the k2 estimator), not the mean log-ratio.

Source: code-search file 56782976154, ``ratio = torch.exp(log_probs_new - log_probs_old); ...
clip_loss = -torch.min(surrogate1, surrogate2).mean(); approx_kl = ((log_probs_old -
log_probs_new) ** 2 / 2).mean(); return clip_loss, approx_kl``. Ported: the second output becomes
``approx_kl`` with the contract's argument order (old first).
"""
SOURCE = "code-search file 56782976154"
KIND = "ppo: approx_kl as half the mean squared log-ratio"
CAUSE = r"squar|k2|quadratic|\b0?\.5\b|half|/ ?2|\*\* ?2|\^2"

import torch


def approx_kl(logp_old, logp_new):
    return ((logp_old - logp_new) ** 2 / 2).mean()
