r"""approx_kl as Schulman's k3 estimator, ``mean((r - 1) - log r)`` with ``r = exp(logp_new -
logp_old)``, instead of the contract's k1 ``mean(logp_old - logp_new)``: another estimator of
the same KL, always >= 0, different on every batch whose ratios are not all 1.

Source: code-search file 34039431917, ``approximate_kl_divergence(new_log_probs,
old_log_probs)``: ``log_ratios = new_log_probs - old_log_probs``, ``k3 =
(torch.exp(log_ratios) - 1) - log_ratios``, ``approximate_kl = k3.mean()`` (the same helper
sits in several of the author's training scripts). Ported: the contract's argument order (old
first).
"""
SOURCE = "code-search file 34039431917 (approximate_kl_divergence, k3)"
KIND = "ppo: k3 estimator instead of k1"
CAUSE = r"\bk3\b|\(r ?- ?1\) ?- ?log|ratio ?- ?1|r ?- ?1 ?- ?log|exp\(.{0,30}\) ?- ?1|estimator|non.?negative|always (>=|positive|non)"

import torch


def approx_kl(logp_old, logp_new):
    new_log_probs, old_log_probs = logp_new, logp_old
    log_ratios = new_log_probs - old_log_probs
    k3 = (torch.exp(log_ratios) - 1) - log_ratios
    approximate_kl = k3.mean()
    return approximate_kl
