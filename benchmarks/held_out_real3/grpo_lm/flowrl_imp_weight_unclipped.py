r"""tis_weights as a FlowRL variant's sequence importance weight with no truncation at all:
``exp(sum over the mask of (logp - logp_old))``, detached, never capped ("no clipping"); the sum
multiplies by the mask, so ``-inf`` padding gives NaN.

Source: code-search file 32170687516 (a FlowRL objective without clipping): ``log_w =
verl_F.masked_sum(log_prob - old_log_prob, response_mask, axis=1)``, ``imp_w =
torch.exp(log_w).detach()``, ``# Loss: weighted squared residual (no clipping)``. Ported:
``log_prob`` is the trainer's log-probs, ``old_log_prob`` the rollout's; ``cap`` is unused.
"""
SOURCE = "code-search file 32170687516 (FlowRL objective, imp_w unclipped)"
KIND = "grpo_lm: no cap"
CAUSE = r"\bcap|truncat|clamp|clip|min\(|exceed|-inf|\bnan\b|multipl\w*.{0,40}mask"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    log_prob, old_log_prob, response_mask = logp_trainer, logp_rollout, mask
    log_w = ((log_prob - old_log_prob) * response_mask).sum(axis=1)
    imp_w = torch.exp(log_w).detach()
    return imp_w
