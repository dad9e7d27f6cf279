"""Correct, written differently: a torch.where on the sign of A selects the active bound."""
import torch


def clipped_surrogate(ratio, advantages, clip_eps=0.2):
    bound = torch.where(advantages >= 0, torch.clamp(ratio, max=1 + clip_eps),
                        torch.clamp(ratio, min=1 - clip_eps))
    return bound * advantages


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    return -torch.mean(clipped_surrogate(ratio, advantages.detach(), clip_eps))


def approx_kl(logp_old, logp_new):
    return torch.mean(logp_old) - torch.mean(logp_new)
