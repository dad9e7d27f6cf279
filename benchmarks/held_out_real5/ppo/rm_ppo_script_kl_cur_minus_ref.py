"""approx_kl as ``(cur_lp - ref_lp).mean()``: the mean of the CURRENT policy's log-prob minus the
reference's, i.e. ``mean(logp_new - logp_old)``, the negative of the contract's
``mean(logp_old - logp_new)`` (the estimate of KL(new || old) on samples that the old policy drew).

Source: code-search file 48245680898, a reward-model PPO script for a language model:
``def approx_kl(cur_lp, ref_lp): return (cur_lp - ref_lp).mean()``. Ported: the current policy
is ``logp_new`` and the reference the old policy, ``logp_old``.
"""
SOURCE = "code-search file 48245680898 (reward-model PPO script approx_kl(cur_lp, ref_lp))"
KIND = "ppo: KL of new minus old"
CAUSE = r"sign|negat|new ?- ?old|logp_new ?- ?logp_old|order|swap|revers|other way|direction|opposite"

import torch


def approx_kl(logp_old, logp_new):
    cur_lp, ref_lp = logp_new, logp_old
    return (cur_lp - ref_lp).mean()
