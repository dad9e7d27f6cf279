"""ppo_clip_loss returns the mean surrogate (the objective), not minus it."""
CAUSE = r"sign|minus"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    r = (logp_new - logp_old.detach()).exp()
    a = advantages.detach()
    return torch.minimum(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a).mean()
