"""A control: ppo_clip_loss from a PPO update loop with a value head and an entropy bonus: ``ratio =
torch.exp(logp - logp_old)``, ``clipped = torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio)``,
``pi_loss = -(torch.min(ratio * adv, clipped * adv)).mean()``; the value and entropy terms are
added to it outside the policy part.

Source: code-search file 29354052484, ``ratio = torch.exp(logp - logp_old); clipped =
torch.clamp(ratio, 1.0 - clip_ratio, 1.0 + clip_ratio); pi_loss = -(torch.min(ratio * adv, clipped *
adv)).mean(); v = model.value(obs); vf_loss = 0.5 * ((v - ret) ** 2).mean(); ... loss = pi_loss +
vf_coef * vf_loss - ent_coef * ent``. Ported: only the policy part; the batch's ``logp_old`` and
``adv`` are detached (they come from a rollout buffer without a graph); ``clip_ratio`` is
``clip_eps``.
"""
SOURCE = "code-search file 29354052484"
KIND = "control: ppo loss with separate clipped ratio"
CORRECT = True

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logp, logp_old, adv = logp_new, logp_old.detach(), advantages.detach()
    ratio = torch.exp(logp - logp_old)
    clipped = torch.clamp(ratio, 1.0 - clip_eps, 1.0 + clip_eps)
    pi_loss = -(torch.min(ratio * adv, clipped * adv)).mean()
    return pi_loss
