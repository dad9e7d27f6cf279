"""A PPO loss with the ratio and clipping right, that returns the per-sample losses (no
`.mean()`), as code that reduces later in the training loop does."""
CAUSE = r"shape of the inputs .*one number.*does not reduce"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    unclipped = ratio * advantages
    clipped = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    return -torch.min(unclipped, clipped)
