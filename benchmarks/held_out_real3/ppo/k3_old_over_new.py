r"""approx_kl as a k3 estimator built on the inverse ratio, ``mean(r - log r - 1)`` with ``r =
exp(logp_old - logp_new)``: an estimate of KL(new || old) from the old policy's samples, not the
contract's k1 ``mean(logp_old - logp_new)``.

Source: code-search file 20149535477, a GRPO trainer's ``compute_kl_divergence(self,
old_log_probs, new_log_probs)`` ("Calculate K3 approximation of KL divergence"): ``ratio =
torch.exp(old_log_probs - new_log_probs)``, ``log_ratio = old_log_probs - new_log_probs``, ``k3
= ratio - log_ratio - 1``, ``return torch.mean(k3)``. Ported as written (same argument order).
"""
SOURCE = "code-search file 20149535477 (compute_kl_divergence, K3 of old/new)"
KIND = "ppo: k3 estimator instead of k1"
CAUSE = r"\bk3\b|r ?- ?log ?r ?- ?1|ratio ?- ?1|exp\(.{0,30}\) ?- ?1|estimator|non.?negative|always (>=|positive|non)|reverse"

import torch


def approx_kl(logp_old, logp_new):
    old_log_probs, new_log_probs = logp_old, logp_new
    ratio = torch.exp(old_log_probs - new_log_probs)
    log_ratio = old_log_probs - new_log_probs
    k3 = ratio - log_ratio - 1
    return torch.mean(k3)
