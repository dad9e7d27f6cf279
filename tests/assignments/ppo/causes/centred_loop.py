"""Centred, then a loop over samples."""
import torch

CAUSE = r"centres the advantages"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    a = a - a.sum() / len(a)
    total = 0.0
    for i in range(len(a)):
        r = torch.exp(logp_new[i] - logp_old[i].detach())
        total = total + torch.min(r * a[i], r.clamp(1 - clip_eps, 1 + clip_eps) * a[i])
    return -total / len(a)
