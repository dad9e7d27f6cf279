"""A correct PPO loss written in log space (spinning-up's clip as a ``torch.where`` on the
advantage's sign: ``(1 + eps) * A`` for A >= 0, ``(1 - eps) * A`` below) and a ``sum / B``."""
CAUSE = r"$^"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    ratio = torch.exp(logp_new - logp_old.detach())
    min_adv = torch.where(adv >= 0, (1 + clip_eps) * adv, (1 - clip_eps) * adv)
    return -torch.min(ratio * adv, min_adv).sum() / adv.shape[0]
