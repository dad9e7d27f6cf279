"""the loss clips the product."""
import torch

CAUSE = r"clip is applied to the product"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    surr1 = torch.exp(logp_new - logp_old.detach()) * advantages.detach()
    surr2 = torch.clamp(surr1, 1.0 - clip_eps, 1.0 + clip_eps)
    return -torch.mean(torch.min(surr1, surr2))
