"""the log-ratio clipped with where."""
import torch

CAUSE = r"band is taken in log space"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    lr = logp_new - logp_old.detach()
    lr_c = torch.where(lr > clip_eps, torch.full_like(lr, clip_eps), lr)
    lr_c = torch.where(lr_c < -clip_eps, torch.full_like(lr, -clip_eps), lr_c)
    adv = advantages.detach()
    return -torch.min(torch.exp(lr) * adv, torch.exp(lr_c) * adv).mean()
