"""Python min of two scalar tensors."""
import torch

CAUSE = r"min of the two terms' batch means"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    a = advantages.detach()
    return -min(torch.mean(ratio * a), torch.mean(ratio.clamp(1 - clip_eps, 1 + clip_eps) * a))
