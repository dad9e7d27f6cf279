"""approx_kl with the log-ratio the wrong way round: ``mean(logp_new - logp_old)``, the negative
of the k1 estimate of KL(old || new).

Source: code-search file 52324402977, a PPO agent's update: ``# Approximate KL``, ``approx_kl =
(new_log_probs - old_log_probs).mean()``. Ported: the contract's signature (old first).
"""
SOURCE = "code-search file 52324402977 (PPO update, approx_kl)"
KIND = "ppo: KL sign reversed"
CAUSE = r"sign|negat|revers|swap|wrong way|other way|new ?- ?old|argument order|order of the (arguments|log)"

import torch


def approx_kl(logp_old, logp_new):
    new_log_probs, old_log_probs = logp_new, logp_old
    approx_kl = (new_log_probs - old_log_probs).mean()
    return approx_kl
