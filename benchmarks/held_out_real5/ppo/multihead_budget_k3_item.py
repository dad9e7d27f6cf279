"""approx_kl as Schulman's k3 estimator ``mean((exp(log_ratio) - 1) - log_ratio)`` with
``log_ratio = new - old``, instead of the contract's k1 ``mean(logp_old - logp_new)``; and the
answer is a Python float (``float(kl.item())``), not a tensor.

Source: code-search file 17832879, a multi-head actor-critic trainer with budgeted costs:
``def approx_kl(old_logp, new_logp) -> float: log_ratio = new_logp - old_logp; kl =
((torch.exp(log_ratio) - 1) - log_ratio).mean(); return float(kl.item())``. Ported unchanged
(its argument order already matches the contract's).
"""
SOURCE = "code-search file 17832879 (multi-head actor-critic approx_kl, k3 and float)"
KIND = "ppo: k3 estimator instead of k1"
CAUSE = r"k3|\bexp\b|\(r ?- ?1\) ?- ?log|ratio ?- ?1|r ?- ?1 ?- ?log|schulman|low.variance|python float|float\b|\.item|not a tensor"

import torch


def approx_kl(logp_old, logp_new):
    old_logp, new_logp = logp_old, logp_new
    log_ratio = new_logp - old_logp
    kl = ((torch.exp(log_ratio) - 1) - log_ratio).mean()
    return float(kl.item())
