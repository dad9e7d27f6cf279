"""Normalises the advantages and sums."""
import torch

CAUSE = r"normalised the advantages.*sums over|standardises the advantages.*sums over"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    a = (a - a.mean()) / (a.std() + 1e-8)
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, a, clip_eps).sum()
