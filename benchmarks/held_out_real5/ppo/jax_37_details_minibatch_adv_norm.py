"""ppo_clip_loss that normalises the advantages per minibatch inside the loss ("Advantage
normalization (per minibatch)": ``(adv - adv.mean()) / (adv.std() + 1e-8)``, here the population
std as ``jnp.std`` computes it) before the clipped objective ``max(-A * r, -A * clip(r))``: the
loss of standardised advantages, not of the advantages given.

Source: code-search file 5931535393, a JAX PPO ("37 details") loss function: ``log_ratio =
new_log_prob - minibatch.log_probs; ratio = jnp.exp(log_ratio)``; ``advantages =
minibatch.advantages; advantages = (advantages - advantages.mean()) / (advantages.std() +
1e-8)``; ``pg_loss1 = -advantages * ratio; pg_loss2 = -advantages * jnp.clip(ratio, 1 -
clip_coef, 1 + clip_coef)``, then (Detail 8) ``jnp.maximum(pg_loss1, pg_loss2).mean()``. Ported
to torch (``jnp.std`` is the population std: ``unbiased=False``); ``clip_coef = clip_eps``; the
advantages and old log-probs detached; the value and entropy terms dropped.
"""
SOURCE = "code-search file 5931535393 (JAX PPO loss, per-minibatch advantage normalisation)"
KIND = "ppo: advantages standardised inside the loss"
CAUSE = r"normali[sz]|standardi[sz]|whiten|mean.{0,20}(std|standard deviation)|rescal"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    clip_coef = clip_eps
    log_ratio = logp_new - logp_old.detach()
    ratio = torch.exp(log_ratio)
    advantages = advantages.detach()
    advantages = (advantages - advantages.mean()) / (advantages.std(unbiased=False) + 1e-8)
    pg_loss1 = -advantages * ratio
    pg_loss2 = -advantages * torch.clip(ratio, 1 - clip_coef, 1 + clip_coef)
    pg_loss = torch.maximum(pg_loss1, pg_loss2).mean()
    return pg_loss
