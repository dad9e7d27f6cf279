"""approx_kl from a recurrent actor-critic PPO update: ``approx_kl = (logp_old-logp).mean().item()``
has the right direction, but ``.item()`` turns it into a Python float (no tensor, no dtype, no
gradient graph) "for logging purposes".

Source: code-search file 48074651793, ``ratio = torch.exp(logp - logp_old); ...; # Compute approx
kl for logging purposes; approx_kl = (logp_old-logp).mean().item()``. Ported: ``logp`` is
``logp_new``.
"""
SOURCE = "code-search file 48074651793"
KIND = "ppo: approx_kl returned as a Python float"
CAUSE = r"item|python float|\bfloat\b|not a tensor|tensor|dtype|float64"

import torch


def approx_kl(logp_old, logp_new):
    logp = logp_new
    approx_kl = (logp_old - logp).mean().item()
    return approx_kl
