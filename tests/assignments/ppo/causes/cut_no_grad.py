"""The ratio under torch.no_grad()."""
import torch

CAUSE = r"no gradient reaches `logp_new`"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    with torch.no_grad():
        ratio = torch.exp(logp_new - logp_old)
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
