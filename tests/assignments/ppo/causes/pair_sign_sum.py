"""The objective (no minus), summed over the batch."""
import torch

CAUSE = r"MEAN of the clipped surrogate.*besides, the sign|minus the mean.*sums over"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    return clipped_surrogate(ratio, advantages.detach(), clip_eps).sum()
