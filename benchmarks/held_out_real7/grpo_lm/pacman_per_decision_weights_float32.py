"""tis_weights as a Pacman agent's slime loss computes them: "detached PER-DECISION IS weights,
upper truncated": one weight PER TOKEN, ``exp(min(log_ratio, log(cap)))``, in FLOAT32, never
summed over a response; and any non-finite log-prob (a ``-inf`` at padding) RAISES a
ValueError.

Source: code-search file 71333267398, ``def tis_weights(old_log_probs, behavior_log_probs,
upper_bound=2.0): if (old_log_probs.shape != behavior_log_probs.shape or not
math.isfinite(upper_bound) or upper_bound < 1 or not torch.isfinite(old_log_probs).all() or not
torch.isfinite(behavior_log_probs).all()): raise ValueError(...); log_ratio =
old_log_probs.detach().float() - behavior_log_probs.detach().float(); if not
torch.isfinite(log_ratio).all(): raise ValueError(...); return
torch.exp(log_ratio.clamp(max=math.log(upper_bound)))``. Ported: the trainer's log-probs are
``old_log_probs`` (the source's learner side), ``upper_bound`` is ``cap``; the mask is unused, as
the source has none.
"""
SOURCE = "code-search file 71333267398"
KIND = "grpo_lm: per-token weights (float32; raises on -inf padding)"
CAUSE = r"per.?token|each token|shape|\(N, ?L\)|sum|product|float32|raise|exception|-?inf|padding"

import math

import torch


def tis_weights(logp_trainer, logp_rollout, mask, cap=2.0):
    old_log_probs, behavior_log_probs, upper_bound = logp_trainer, logp_rollout, cap
    if (old_log_probs.shape != behavior_log_probs.shape
            or not math.isfinite(upper_bound) or upper_bound < 1
            or not torch.isfinite(old_log_probs).all()
            or not torch.isfinite(behavior_log_probs).all()):
        raise ValueError("invalid TIS probabilities or bound")
    log_ratio = old_log_probs.detach().float() - behavior_log_probs.detach().float()
    if not torch.isfinite(log_ratio).all():
        raise ValueError("non-finite TIS log ratio")
    return torch.exp(log_ratio.clamp(max=math.log(upper_bound)))
