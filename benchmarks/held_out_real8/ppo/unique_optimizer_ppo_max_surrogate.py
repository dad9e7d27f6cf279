"""ppo_clip_loss from a Gaussian-policy PPO trained with one optimizer for policy and value: the
line ``policy_surr = -torch.min(surr1, surr2).mean()`` is commented out and replaced with
``policy_loss = -torch.max(surr1, surr2).mean()``: the OPTIMISTIC bound, the larger of the
clipped and unclipped objectives, instead of the smaller.

Source: code-search file 29468654752, ``ratio = torch.exp(log_probs - fixed_log_probs); ... surr1 =
ratio * advantages; surr2 = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) *
advantages; # policy_surr = -torch.min(surr1, surr2).mean(); policy_loss = -torch.max(surr1,
surr2).mean()``. Ported: ``fixed_log_probs`` is ``logp_old``, ``clip_epsilon`` is ``clip_eps``; the old log-probs and advantages
are detached.
"""
SOURCE = "code-search file 29468654752"
KIND = "ppo: max instead of min"
CAUSE = r"\bmax|maximum|larger|optimistic|instead of (the )?min|min(imum)?\b|pessimistic"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    fixed_log_probs, advantages = logp_old.detach(), advantages.detach()
    ratio = torch.exp(logp_new - fixed_log_probs)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
    policy_loss = -torch.max(surr1, surr2).mean()
    return policy_loss
