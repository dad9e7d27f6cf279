"""Lets the gradient flow into the advantages."""
HINT = "a gradient reached the advantages: they are constants in the loss, detach them"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, advantages, clip_eps).mean()
