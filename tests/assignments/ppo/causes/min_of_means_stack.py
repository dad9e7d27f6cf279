"""min over a stack of the two means, float32 ratio."""
import torch

CAUSE = r"min of the two terms' batch means"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp((logp_new - logp_old.detach()).float()).to(logp_new.dtype)
    a = advantages.detach()
    terms = torch.stack([(ratio * a).mean(), (ratio.clamp(1 - clip_eps, 1 + clip_eps) * a).mean()])
    return -terms.min()
