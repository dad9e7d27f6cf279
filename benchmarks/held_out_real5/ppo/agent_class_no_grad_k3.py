"""approx_kl as the CleanRL-style agent class computes it under ``torch.no_grad()``: it keeps both
``old_approx_kl = (-log_ratio).mean()`` (the contract's k1) and ``approx_kl = ((ratio - 1) -
log_ratio).mean()`` (Schulman's k3), and reports ``approx_kl``, the k3 one.

Source: code-search file 14116997052, a PPO agent class's update: ``log_ratio = new_log_prob -
b_logprobs[mb_inds]; ratio = torch.exp(log_ratio); with torch.no_grad(): old_approx_kl =
(-log_ratio).mean(); approx_kl = ((ratio - 1) - log_ratio).mean()``. Ported: a function of
``(logp_old, logp_new)`` returning the value the source logs and early-stops on as its KL,
``approx_kl``.
"""
SOURCE = "code-search file 14116997052 (PPO agent class update, approx_kl k3 under no_grad)"
KIND = "ppo: k3 estimator instead of k1"
CAUSE = r"k3|\(r ?- ?1\) ?- ?log|ratio ?- ?1|r ?- ?1 ?- ?log|schulman|low.variance"

import torch


def approx_kl(logp_old, logp_new):
    new_log_prob, b_logprobs = logp_new, logp_old
    log_ratio = new_log_prob - b_logprobs
    ratio = torch.exp(log_ratio)
    with torch.no_grad():
        old_approx_kl = (-log_ratio).mean()
        approx_kl = ((ratio - 1) - log_ratio).mean()
    return approx_kl
