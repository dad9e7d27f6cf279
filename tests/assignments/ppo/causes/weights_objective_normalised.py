"""CleanRL's ``norm_adv`` (population std here: ``std(unbiased=False)``, eps 1e-8) inside the
loss, and the clipped objective returned as it is, without the minus sign (spinning-up's
``pi_loss`` before it negates), computed in float32."""
CAUSE = r"(?=.*sign)(?=.*standardis)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach().float()
    adv = (adv - adv.mean()) / (adv.std(unbiased=False) + 1e-8)
    ratio = torch.exp(logp_new.float() - logp_old.detach().float())
    clip_adv = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv
    return torch.min(ratio * adv, clip_adv).mean().to(logp_new.dtype)
