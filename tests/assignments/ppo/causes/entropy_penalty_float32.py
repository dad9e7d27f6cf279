"""Entropy added with the wrong sign, float32 loss."""
import torch

CAUSE = r"wrong sign"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    loss = -clipped_surrogate(ratio, advantages.detach(), clip_eps).float().mean()
    return (loss - 0.01 * logp_new.float().mean()).to(logp_new.dtype)
