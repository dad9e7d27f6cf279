"""A loop over the samples, the sum divided by their number."""
import math

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    total = torch.zeros((), dtype=logp_new.dtype)
    for new, old, a in zip(logp_new, logp_old.detach(), advantages.detach()):
        r = torch.exp(new - old)
        total = total + torch.minimum(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a)
    assert not math.isnan(total.item())
    return -total / len(logp_new)
