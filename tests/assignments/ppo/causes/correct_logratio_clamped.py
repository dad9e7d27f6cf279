"""Correct: the log ratio clamped to [-20, 20] before exp (far outside every case)."""
import torch

CAUSE = r"$^"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(torch.clamp(logp_new - logp_old.detach(), -20.0, 20.0))
    adv = advantages.detach()
    return -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv).mean()
