"""Centred advantages in float32."""
import torch

CAUSE = r"centres the advantages"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach().float()
    a = (a - a.mean()).to(advantages.dtype)
    return -clipped_surrogate(torch.exp(logp_new - logp_old.detach()), a, clip_eps).mean()
