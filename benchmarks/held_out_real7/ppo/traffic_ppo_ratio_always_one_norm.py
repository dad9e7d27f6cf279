"""ppo_clip_loss from a traffic-control PPO agent: the ratio is ``torch.exp(old_log_probs -
old_log_probs.detach())``, the freshly evaluated log-probs against their own detached copy, so it
is ALWAYS ONE in value (``logp_old`` never enters the loss and the clipping never acts); the
advantages are also STANDARDISED inside the update (unbiased std + 1e-8).

Source: code-search file 36208957208, ``old_log_probs, old_values, old_entropy =
self.policy_net.evaluate_actions(states, actions); advantages = targets - old_values; advantages
= (advantages - advantages.mean()) / (advantages.std() + 1e-8); ratio = torch.exp(old_log_probs
- old_log_probs.detach()); surr1 = ratio * advantages; surr2 = torch.clamp(ratio, 1 -
self.epsilon, 1 + self.epsilon) * advantages; policy_loss = -torch.min(surr1, surr2).mean()``.
Ported: the evaluated log-probs (the source's misnamed ``old_log_probs``) are ``logp_new``; the
advantages are the argument (not detached: the source's come from the critic); ``epsilon`` is
``clip_eps``.
"""
SOURCE = "code-search file 36208957208"
KIND = "ppo: ratio always one (logp_old unused), advantages standardised"
CAUSE = r"ratio|always (one|1)|logp_old|old log|detach|standardi|normali"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    ratio = torch.exp(logp_new - logp_new.detach())
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    policy_loss = -torch.min(surr1, surr2).mean()
    return policy_loss
