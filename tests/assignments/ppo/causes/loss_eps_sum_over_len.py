"""Default eps, sum / len for the mean."""
import torch

CAUSE = r"default eps 0.2"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    s = clipped_surrogate(ratio, advantages.detach(), clip_eps=0.2)
    return -s.sum() / len(s)
