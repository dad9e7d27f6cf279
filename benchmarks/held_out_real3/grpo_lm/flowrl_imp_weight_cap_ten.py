r"""tis_weights as FlowRL's sequence importance weight: ``exp(sum over the mask of (logp -
logp_old))``, detached, clamped at a fixed 10 instead of ``cap``; the sum multiplies by the mask,
so ``-inf`` padding gives NaN.

Source: code-search file 5935269374 (a FlowRL loss, ``compute_flowrl_objective``): ``log_w =
verl_F.masked_sum(log_prob - old_log_prob, response_mask, axis=1)``, ``imp_w_raw =
torch.exp(log_w).detach()``, ``imp_w = torch.clamp(imp_w_raw, max=10)``, with verl's
``masked_sum(values, mask, axis) = (values * mask).sum(axis=axis)``. Ported: ``log_prob`` is the
trainer's log-probs, ``old_log_prob`` the rollout's; ``cap`` is accepted and unused.
"""
SOURCE = "code-search file 5935269374 (FlowRL objective, imp_w clamped at 10)"
KIND = "grpo_lm: fixed cap + mask product"
CAUSE = r"\bcap\b|\b10\b|\bten\b|fixed|hard.?coded|-inf|\bnan\b|multipl\w*.{0,40}mask|mask.{0,30}(product|multipl)"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    def masked_sum(values, mask, axis=None):
        return (values * mask).sum(axis=axis)

    log_prob, old_log_prob, response_mask = logp_trainer, logp_rollout, mask
    log_w = masked_sum(log_prob - old_log_prob, response_mask, axis=1)
    imp_w_raw = torch.exp(log_w).detach()
    imp_w = torch.clamp(imp_w_raw, max=10)
    return imp_w
