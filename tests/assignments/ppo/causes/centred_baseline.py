"""Subtracts a batch-mean baseline from A."""
import torch

CAUSE = r"centres the advantages"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    baseline = advantages.mean().detach()
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, advantages.detach() - baseline, clip_eps).mean()
