"""advantages divided by their std."""
import torch

CAUSE = r"divides the advantages by their sample std"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    adv = adv / (adv.std() + 1e-8)
    ratio = torch.exp(logp_new - logp_old.detach())
    return -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv).mean()
