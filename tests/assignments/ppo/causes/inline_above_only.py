"""the loss clips above only (clamp max)."""
import torch

CAUSE = r"upper bound only"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach()
    return -torch.min(ratio * adv, ratio.clamp(max=1 + clip_eps) * adv).mean()
