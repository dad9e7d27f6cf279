"""the loss clips the log-ratio."""
import torch

CAUSE = r"band is taken in log space"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    log_ratio = logp_new - logp_old.detach()
    adv = advantages.detach()
    unclipped = log_ratio.exp() * adv
    clipped = log_ratio.clamp(-clip_eps, clip_eps).exp() * adv
    return -torch.minimum(unclipped, clipped).mean()
