"""ppo_clip_loss from probabilities: the ratio is ``actor_probs / (old_actor_probs + 1e-8)``, an
epsilon in the denominator that shifts every ratio (and the clip boundaries it is compared with)
by a relative 1e-8 over the old probability, which is large where the old probability is small;
the old probabilities and advantages are not detached.

Source: code-search file 36181572766, ``def ppo_loss(actor_outputs, old_actor_probs, old_actions,
advantages, epsilon, bs): actor_probs = actor_outputs[torch.arange(bs), old_actions];
actor_update_rate = actor_probs / (old_actor_probs + 1e-8); clipped_actor_update_rate =
torch.clip(actor_update_rate, 1-epsilon, 1+epsilon); return -torch.mean(torch.min(actor_update_rate
* advantages, clipped_actor_update_rate * advantages))``. Ported: the taken actions' probabilities
are ``exp(logp_new)`` and ``exp(logp_old)``, ``epsilon`` is ``clip_eps``.
"""
SOURCE = "code-search file 36181572766 (ppo_loss, actor_probs / (old_actor_probs + 1e-8))"
KIND = "ppo: eps in the ratio's denominator"
CAUSE = r"1e-0?8|eps|epsilon|constant|denominator|detach|(old|logp_old).*gradient|gradient.*(old|logp_old)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    epsilon = clip_eps
    actor_probs = torch.exp(logp_new)
    old_actor_probs = torch.exp(logp_old)
    actor_update_rate = actor_probs / (old_actor_probs + 1e-8)
    clipped_actor_update_rate = torch.clip(actor_update_rate, 1 - epsilon, 1 + epsilon)
    return -torch.mean(torch.min(actor_update_rate * advantages,
                                 clipped_actor_update_rate * advantages))
