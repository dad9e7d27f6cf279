"""ppo_clip_loss from an actor-critic PPO agent's ``_compute_actor_loss``: the inputs are the
chosen actions' PROBABILITIES, and the ratio is ``new_probs / (old_probs + 1e-8)``; the loss is
``-min(ratio * A, clip(ratio) * A).mean()``.

Source: code-search file 2332007931, ``def _compute_actor_loss(self, new_probs, old_probs,
advantages): ratio = new_probs / (old_probs + 1e-8); clipped_ratio = torch.clamp(ratio, 1 -
self.clip_epsilon, 1 + self.clip_epsilon); actor_loss = -torch.min(ratio * advantages,
clipped_ratio * advantages).mean()``. Ported: the probabilities are ``exp`` of the log-probs;
``self.clip_epsilon`` is ``clip_eps``; the old probabilities and advantages are detached.
"""
SOURCE = "code-search file 2332007931"
KIND = "ppo: ratio of probabilities plus 1e-8"
CAUSE = r"eps|epsilon|1e-0?8|small constant|probabilit|divi"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    new_probs = torch.exp(logp_new)
    old_probs = torch.exp(logp_old.detach())
    advantages = advantages.detach()
    ratio = new_probs / (old_probs + 1e-8)
    clipped_ratio = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    actor_loss = -torch.min(ratio * advantages, clipped_ratio * advantages).mean()
    return actor_loss
