"""tis_weights per token and in float32: ``log_w = (learner - behaviour).detach().float()``,
``w = exp(log_w).clamp(max=cap)``; an ``(N, L)`` float32 tensor, padding included, where the
contract wants one weight per response in the inputs' dtype.

Source: code-search file 70674621254 (a GRPO loss-helpers module): ``def
tis_weights(learner_logp, behavior_logp, cap=2.0)``: ``log_w = (learner_logp.detach() -
behavior_logp.detach()).float()``, ``w = log_w.exp().clamp(max=cap)``, ``return w, stats``.
Ported: the weights without the logging stats; no mask argument, so the contract's is unused.
"""
SOURCE = "code-search file 70674621254 (tis_weights per token, float32)"
KIND = "grpo_lm: per-token weights + float32"
CAUSE = (r"per.?token|each token|token.?level|shape|\(N, ?L\)|sum\w* (over|of) (the )?(real )?tokens|"
         r"one (weight )?per (response|sequence)|per.?sequence|float32|dtype")

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    learner_logp, behavior_logp = logp_trainer, logp_rollout
    log_w = (learner_logp.detach() - behavior_logp.detach()).float()
    w = log_w.exp().clamp(max=cap)
    return w
