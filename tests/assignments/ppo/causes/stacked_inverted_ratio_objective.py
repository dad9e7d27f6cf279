"""The ratio upside down (old over new) and the objective returned where the loss belongs (no
minus sign); float32 inside."""
CAUSE = r"(?=.*(`logp_new` and `logp_old` are swapped|ratio is inverted))(?=.*sign of your answer is flipped)"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_old.detach().float() - logp_new.float())
    adv = advantages.detach().float()
    surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
    return surr.mean().to(logp_new.dtype)
