"""einsum's sum, never divided by the number of samples."""
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    r = torch.exp(logp_new - logp_old.detach())
    return -torch.einsum("b->", torch.min(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a))
