"""approx_kl as Schulman's k3 estimator ``mean((r - 1) - log r)`` of the ratio ``r = exp(new -
old)`` (log clamped at 1e-12), computed after ``ratio.float()``: a k3 estimate where the contract
asks for k1 ``mean(logp_old - logp_new)``, and float32 arithmetic.

Source: code-search file 70923118147, a small PPO losses module: ``def approx_kl(ratio):
"Schulman's approximately-KL estimator mean((r - 1) - log r)"; ratio = ratio.float(); return
((ratio - 1.0) - torch.log(ratio.clamp_min(1e-12))).mean()``. Ported: the ratio is built as the
module's policy loss builds it, ``torch.exp(logp_new - logp_old)``.
"""
SOURCE = "code-search file 70923118147 (PPO losses module approx_kl(ratio), k3, float32)"
KIND = "ppo: k3 estimator instead of k1"
CAUSE = r"k3|\(r ?- ?1\) ?- ?log|ratio ?- ?1|r ?- ?1 ?- ?log|schulman|low.variance|float32|single precision"

import torch


def approx_kl(logp_old, logp_new):
    ratio = torch.exp(logp_new - logp_old)
    ratio = ratio.float()
    return ((ratio - 1.0) - torch.log(ratio.clamp_min(1e-12))).mean()
