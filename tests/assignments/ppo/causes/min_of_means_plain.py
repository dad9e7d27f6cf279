"""min of the means of the two terms."""
import torch

CAUSE = r"min of the two terms' batch means"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach()
    s1 = (ratio * adv).mean()
    s2 = (torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv).mean()
    return -torch.min(s1, s2)
