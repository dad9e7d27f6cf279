"""ppo_clip_loss that clamps the product r * A instead of the ratio (numpy, float32), then
builds the loss as a tensor again so that a gradient flows through logp_new."""
CAUSE = r"clip"

import numpy as np
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    a = advantages.detach()
    surr1 = ratio * a
    lo = torch.full_like(surr1, 1 - clip_eps, dtype=torch.float32).to(surr1.dtype)
    surr2 = torch.maximum(torch.minimum(surr1, lo + 2 * clip_eps), lo)
    scale = np.float32(1.0)
    return -float(scale) * torch.min(surr1, surr2).mean()
