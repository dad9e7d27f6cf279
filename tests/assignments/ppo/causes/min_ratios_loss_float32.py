"""loss: min of ratios, float32 ratio."""
import torch

CAUSE = r"min is taken over the ratios before the advantage"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp((logp_new - logp_old.detach()).float()).to(logp_new.dtype)
    ratio = torch.min(ratio, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps))
    return -(ratio * advantages.detach()).mean()
