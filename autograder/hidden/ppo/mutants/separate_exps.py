"""Computes the ratio as exp(logp_new) / exp(logp_old): 0 / 0 for very unlikely actions."""
HINT = "exp of a log-prob near -800 underflows to 0 (0/0 = NaN): compute exp(logp_new - logp_old) in one go"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new) / torch.exp(logp_old.detach())
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
