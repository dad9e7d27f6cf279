"""tis_weights as one weight PER TOKEN, ``clamp(exp(logp_train - logp_rollout), max=cap)``: the
ratio of each token's probabilities capped separately, shape ``(N, L)``, where the contract asks
for one weight per response, the exponential of the SUMMED log-ratio over the real tokens, capped;
the mask is not used (padding gets a weight too) and the weights are not detached.

Source: code-search file 53222920428, TinyLoRA / GRPO study notes, "5. Truncated Importance
Sampling (TIS)": ``def compute_tis_weights(logp_train, logp_rollout, cap=2.0): ratio =
torch.exp(logp_train - logp_rollout); return torch.clamp(ratio, max=cap)``. Ported: a function of
``(logp_trainer, logp_rollout, mask, cap)``; ``mask`` is accepted and unused.
"""
SOURCE = "code-search file 53222920428 (TinyLoRA notes compute_tis_weights, per token)"
KIND = "grpo_lm: per-token weights"
CAUSE = r"per.token|each token|token.level|shape|\(N, ?L\)|one (weight )?per response|sum\w* (of |over )?(the )?(log|token)|not summed|sequence.level|detach|gradient"

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    logp_train = logp_trainer
    ratio = torch.exp(logp_train - logp_rollout)
    return torch.clamp(ratio, max=cap)
