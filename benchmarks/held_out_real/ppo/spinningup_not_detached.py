"""ppo_clip_loss as Spinning Up writes it: right values, but logp_old and the advantages are
not detached (they are buffer data there).

Source: openai/spinningup, spinup/algos/pytorch/ppo/ppo.py, ``compute_loss_pi``: ``ratio =
torch.exp(logp - logp_old); clip_adv = torch.clamp(ratio, 1-clip_ratio, 1+clip_ratio) * adv;
loss_pi = -(torch.min(ratio * adv, clip_adv)).mean()``.
"""
SOURCE = "openai/spinningup spinup/algos/pytorch/ppo/ppo.py (compute_loss_pi)"
KIND = "gradient into constants"
CAUSE = r"detach|constants|gradient reached"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    clip_adv = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    loss_pi = -(torch.min(ratio * advantages, clip_adv)).mean()
    return loss_pi
