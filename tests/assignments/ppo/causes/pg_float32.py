"""policy gradient, float32 advantages."""
import torch

CAUSE = r"plain policy-gradient loss"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach().float()
    return -(logp_new * adv.to(logp_new.dtype)).mean()
