"""Inlines the clip with a hard-coded 0.2."""
import torch

CAUSE = r"default eps 0.2"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = (logp_new - logp_old.detach()).exp()
    adv = advantages.detach()
    return -torch.min(ratio * adv, ratio.clamp(0.8, 1.2) * adv).mean()
