"""Lets the gradient flow into logp_old."""
HINT = "a gradient reached logp_old: the old policy's log-probs are data, detach them"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
