"""Correct, written differently: torch.minimum, an explicit sum divided by N."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    lo, hi = 1.0 - clip_eps, 1.0 + clip_eps
    clipped = torch.minimum(torch.maximum(ratio, torch.full_like(ratio, lo)),
                            torch.full_like(ratio, hi))
    return torch.minimum(ratio * advantages, clipped * advantages)


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    with torch.no_grad():
        old, adv = logp_old.clone(), advantages.clone()
    surrogate = clipped_surrogate((logp_new - old).exp(), adv, clip_eps)
    return -surrogate.sum() / surrogate.numel()


def approx_kl(logp_old, logp_new):
    return (logp_old - logp_new).sum() / logp_old.numel()
