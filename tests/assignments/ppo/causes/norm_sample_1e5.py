"""standardised with the sample std, eps 1e-5."""
import torch

CAUSE = r"normalised the advantages inside the loss|standardises the advantages itself"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    adv = (adv - adv.mean()) / (adv.std() + 1e-5)
    ratio = torch.exp(logp_new - logp_old.detach())
    return -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv).mean()
