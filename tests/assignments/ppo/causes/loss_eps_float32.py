"""Default eps and a float32 ratio."""
import torch

CAUSE = r"default eps 0.2"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp((logp_new - logp_old.detach()).float()).to(logp_new.dtype)
    return -(clipped_surrogate(ratio, advantages.detach())).mean()
