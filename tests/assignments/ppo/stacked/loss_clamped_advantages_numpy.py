"""ppo_clip_loss that clips the advantages (np.clip(A, -eps, eps)) instead of the ratio, the
ratio kept as a tensor for the gradient, the advantages through numpy in float32."""
CAUSE = r"clip"

import numpy as np
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    a = advantages.detach().numpy().astype(np.float32)
    a_clip = torch.from_numpy(np.clip(a, -clip_eps, clip_eps)).to(ratio.dtype)
    a = torch.from_numpy(a).to(ratio.dtype)
    return -torch.min(ratio * a, ratio * a_clip).mean()
