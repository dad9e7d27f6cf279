"""the loss clips below only."""
import torch

CAUSE = r"lower bound only"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = (logp_new - logp_old.detach()).exp()
    a = advantages.detach()
    pg1 = -a * ratio
    pg2 = -a * torch.clamp(ratio, min=1 - clip_eps)
    return torch.max(pg1, pg2).mean()
