"""Sums divided by the batch size before the min."""
import torch

CAUSE = r"min of the two terms' batch means"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    n = logp_new.shape[0]
    ratio = (logp_new - logp_old.detach()).exp()
    a = advantages.detach()
    unclipped = (ratio * a).sum() / n
    clipped = (torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * a).sum() / n
    return -torch.minimum(unclipped, clipped)
