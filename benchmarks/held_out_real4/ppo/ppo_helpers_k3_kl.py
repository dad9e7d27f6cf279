"""approx_kl as the k3 estimator, ``(ratio - 1 - logratio).mean()`` with ``logratio = log_prob -
old_log_prob``, instead of the contract's k1 ``mean(logp_old - logp_new)``.

Source: code-search file 70757998432, a PPO helpers module's ``policy_loss(old_log_prob, log_prob,
advantages, clip)``, "also returns the k3 estimate of KL(old || new) for early stopping":
``logratio = log_prob - old_log_prob; ratio = logratio.exp(); approx_kl = (ratio - 1 -
logratio).mean()``. Ported: a function of ``(logp_old, logp_new)`` returning ``approx_kl``.
"""
SOURCE = "code-search file 70757998432 (policy_loss helper, k3 approx_kl)"
KIND = "ppo: k3 estimator instead of k1"
CAUSE = (r"\bk3\b|ratio ?- ?1|r ?- ?1 ?- ?log|exp\(.{0,30}\) ?- ?1|schulman|estimator|"
         r"quadratic|second[- ]order|always (non-?negative|positive)|non-?negative")

import torch


def approx_kl(logp_old, logp_new):
    old_log_prob, log_prob = logp_old, logp_new
    logratio = log_prob - old_log_prob
    ratio = logratio.exp()
    approx_kl = (ratio - 1 - logratio).mean()
    return approx_kl
