"""The ratio detached."""
import torch

CAUSE = r"no gradient reaches `logp_new`"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old).detach()
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
