"""ppo_clip_loss sums over the batch."""
CAUSE = r"sum|times"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    return -torch.sum(clipped_surrogate(ratio, advantages.detach(), clip_eps))
