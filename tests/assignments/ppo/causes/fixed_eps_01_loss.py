"""a local EPS used instead of clip_eps."""
import torch

CAUSE = r"clip uses eps 0\.1"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    EPS = 0.1
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach()
    return -torch.min(ratio * adv, ratio.clamp(1 - EPS, 1 + EPS) * adv).mean()
