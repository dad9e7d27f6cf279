"""ppo_clip_loss whose log-probs are ``(B, 1)`` (summed over the action dimensions with
``keepdim=True``) while the advantages are ``(B,)``: ``ratio * advantages`` broadcasts to a
``(B, B)`` matrix, every sample's ratio times every sample's advantage, and the loss is the mean
of the clipped objective over those B^2 pairs.

Source: code-search file 10084528322 (an F1TENTH PPO agent, ``PPOAgent.train``): ``new_log_probs =
dist.log_prob(actions).sum(dim=-1, keepdim=True)``, ``old_log_probs`` stacked from per-step
``log_prob.squeeze(0)`` of shape ``(1,)`` (so ``(T, 1)``), the advantages ``(T,)`` from
``_compute_gae`` (``torch.zeros_like(rewards)``), ``ratio = torch.exp(new_log_probs -
old_log_probs)``, ``surr1 = ratio * advantages``, ``surr2 = torch.clamp(ratio, 1.0 -
self.clip_ratio, 1.0 + self.clip_ratio) * advantages``, ``actor_loss = -torch.min(surr1,
surr2).mean()``. Ported: the contract's ``(B,)`` log-probs get the agent's trailing dimension
(``unsqueeze(-1)``, what its ``keepdim=True`` sum gives); old log-probs and advantages are the
buffer's constants (detached).
"""
SOURCE = "code-search file 10084528322 (PPOAgent.train, (T, 1) ratio times (T,) advantages)"
KIND = "ppo: (B, 1) by (B,) broadcast into an outer product"
CAUSE = (r"outer product|broadcast|shape|\(B, ?1\)|\(T, ?1\)|\(N, ?1\)|keepdim|unsqueeze|"
         r"B ?(x|×|\*) ?B|every pair|pairs|matrix")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new_log_probs = logp_new.unsqueeze(-1)
    old_log_probs = logp_old.detach().unsqueeze(-1)
    advantages = advantages.detach()
    ratio = torch.exp(new_log_probs - old_log_probs)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps) * advantages
    actor_loss = -torch.min(surr1, surr2).mean()
    return actor_loss
