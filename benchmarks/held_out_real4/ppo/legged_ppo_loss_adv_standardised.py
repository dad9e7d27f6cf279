"""ppo_clip_loss that standardises the advantages inside the loss (``(adv - adv.mean()) /
(adv.std() + 1e-8)``, sample std) before the clipped surrogate; the rest is the contract's.

Source: code-search file 9493769813, a PPO agent's update: ``adv = (adv - adv.mean()) /
(adv.std() + 1e-8)``; ``ratio = torch.exp(logp - logp_old)``; ``clip_adv = torch.clamp(ratio, 1
- self.clip_ratio, 1 + self.clip_ratio) * adv``; ``pi_loss = -(torch.min(ratio * adv,
clip_adv)).mean()``. Ported: a function of ``(logp_new, logp_old, advantages, clip_eps)`` with
``logp = logp_new``, ``adv = advantages``, ``clip_ratio = clip_eps``.
"""
SOURCE = "code-search file 9493769813 (PPO update, advantages standardised in the loss)"
KIND = "ppo: advantages standardised inside the loss"
CAUSE = (r"standardi[sz]|normali[sz]|whiten|z-?score|mean.{0,40}(std|standard deviation)|"
         r"rescal|advantages? (are|were|is) (changed|modified|scaled)")

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logp, adv, clip_ratio = logp_new, advantages, clip_eps
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    ratio = torch.exp(logp - logp_old)
    clip_adv = torch.clamp(ratio, 1 - clip_ratio, 1 + clip_ratio) * adv
    pi_loss = -(torch.min(ratio * adv, clip_adv)).mean()
    return pi_loss
