"""Correct: a loop over samples."""
import torch

CAUSE = r"$^"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    terms = []
    for ln, lo, a in zip(logp_new, logp_old.detach(), advantages.detach()):
        r = torch.exp(ln - lo)
        terms.append(torch.min(r * a, torch.clamp(r, 1 - clip_eps, 1 + clip_eps) * a))
    return -torch.stack(terms).mean()
