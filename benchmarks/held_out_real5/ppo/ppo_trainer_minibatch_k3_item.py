"""approx_kl as Schulman's k3 estimator ``mean((ratio - 1) - log_ratio)`` with ``log_ratio =
new - old``, read out with ``.item()`` (a Python float), where the contract asks for the k1
``mean(logp_old - logp_new)`` as a tensor.

Source: code-search file 61515395937, a PPO trainer's minibatch loop: ``log_ratio =
new_log_probs - batch.old_log_probs; ratio = torch.exp(log_ratio); approx_kl = ((ratio - 1) -
log_ratio).mean().item()``. Ported: a function of ``(logp_old, logp_new)`` returning
``approx_kl``.
"""
SOURCE = "code-search file 61515395937 (PPO trainer minibatch loop, k3 approx_kl .item())"
KIND = "ppo: k3 estimator instead of k1"
CAUSE = r"k3|\(r ?- ?1\) ?- ?log|ratio ?- ?1|r ?- ?1 ?- ?log|schulman|low.variance|python float|\.item|not a tensor"

import torch


def approx_kl(logp_old, logp_new):
    new_log_probs, old_log_probs = logp_new, logp_old
    log_ratio = new_log_probs - old_log_probs
    ratio = torch.exp(log_ratio)
    approx_kl = ((ratio - 1) - log_ratio).mean().item()
    return approx_kl
