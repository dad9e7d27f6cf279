"""ppo_clip_loss on a ratio of probabilities: exp(logp_new) / exp(logp_old), 0 / 0 for very
unlikely actions; nothing detached.

Source: taqiaden/GraspAgent, training/online_policy_lr.py, ``policy_loss(new_policy_probs,
old_policy_probs, advantages, epsilon)``: ``ratio = new_policy_probs / old_policy_probs``, the
clipped min, returned per sample. Ported: the probabilities are exp of the log-probs, and the
caller's ``-objective.mean()`` is folded in.
"""
SOURCE = "taqiaden/GraspAgent training/online_policy_lr.py (policy_loss)"
KIND = "separate exps"
CAUSE = r"underflow|in one go|0/0|NaN|detach|constants|logp_old"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new_policy_probs, old_policy_probs = torch.exp(logp_new), torch.exp(logp_old)
    ratio = new_policy_probs / old_policy_probs
    clipped_ratio = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    objective = torch.min(ratio * advantages, clipped_ratio * advantages)
    return -objective.mean()
