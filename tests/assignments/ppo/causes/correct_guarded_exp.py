"""Correct: the log ratio guarded against overflow (clamped to +-20 before the exp), the
surrogate through torch.where on the sign of the advantage."""
import torch

CAUSE = r"$^"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(torch.clamp(logp_new - logp_old.detach(), -20.0, 20.0))
    a = advantages.detach()
    bound = torch.where(a >= 0, ratio.clamp(max=1 + clip_eps), ratio.clamp(min=1 - clip_eps))
    return -(bound * a).mean()
