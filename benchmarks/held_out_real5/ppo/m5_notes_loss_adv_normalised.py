"""ppo_clip_loss that standardises the advantages inside the loss (``(adv - adv.mean()) /
(adv.std() + 1e-8)``, torch's sample std) before the clipped surrogate, so the loss is that of
different advantages; the contract's loss uses the advantages as given.

Source: code-search file 65857972432, study notes (M5-Q31, "PPO 损失"): ``def ppo_loss(logp,
logp_old, adv, value, ret, entropy, clip=0.2, c_v=0.5, c_e=0.01): ratio = torch.exp(logp -
logp_old); adv = (adv - adv.mean()) / (adv.std() + 1e-8); l_clip = -torch.min(ratio * adv,
torch.clamp(ratio, 1 - clip, 1 + clip) * adv).mean()``, plus value and entropy terms. Ported:
the policy term ``l_clip`` alone; ``clip = clip_eps``; ``logp_old`` and the advantages detached
as the contract treats them as constants.
"""
SOURCE = "code-search file 65857972432 (M5-Q31 notes ppo_loss, advantages normalised)"
KIND = "ppo: advantages standardised inside the loss"
CAUSE = r"normali[sz]|standardi[sz]|whiten|mean.{0,20}(std|standard deviation)|rescal"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    logp, adv, clip = logp_new, advantages.detach(), clip_eps
    ratio = torch.exp(logp - logp_old.detach())
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    l_clip = -torch.min(ratio * adv, torch.clamp(ratio, 1 - clip, 1 + clip) * adv).mean()
    return l_clip
