"""approx_kl from a PPO trainer's metrics: the KL reported is the k3 estimator, the mean of
``(ratio - 1) - log(ratio)`` with ``ratio = exp(new - old)``, not the contract's k1 estimate
``mean(logp_old - logp_new)``; it is computed under ``no_grad``.

Source: code-search file 37255584687, ``with torch.no_grad(): clip_fraction = ((ratio - 1).abs() >
self.config.clip_epsilon).float().mean(); approx_kl = (ratio - 1) - torch.log(ratio); kl =
approx_kl.mean()`` with ``ratio = torch.exp(new_log_probs - old_log_probs)``. Ported: the
``.item()`` of the metrics dictionary is left out (the tensor is returned).
"""
SOURCE = "code-search file 37255584687"
KIND = "ppo: approx_kl as the k3 estimator"
CAUSE = r"k3|ratio ?- ?1|\(r ?- ?1\)|log\(ratio\)|log.?ratio|estimator|always (non-?negative|positive)|exp"

import torch


def approx_kl(logp_old, logp_new):
    with torch.no_grad():
        ratio = torch.exp(logp_new - logp_old)
        approx = (ratio - 1) - torch.log(ratio)
        kl = approx.mean()
    return kl
