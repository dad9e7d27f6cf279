"""Sums the surrogate over the batch instead of averaging it."""
HINT = "the loss is minus the MEAN of the clipped surrogate, not the sum"
REAL_BUG = 'summing instead of averaging (issue 35)'

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).sum()
