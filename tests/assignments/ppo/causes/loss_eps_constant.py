"""A module constant CLIP = 0.2 used in place of clip_eps."""
import torch

CAUSE = r"default eps 0.2"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    CLIP = 0.2
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, advantages.detach(), CLIP).mean()
