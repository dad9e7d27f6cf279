"""logp_new.data in the ratio."""
import torch

CAUSE = r"no gradient reaches `logp_new`"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new.data - logp_old.data)
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
