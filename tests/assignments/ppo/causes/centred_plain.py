"""Subtracts the advantages' mean."""
import torch

CAUSE = r"centres the advantages"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach() - advantages.detach().mean()
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, adv, clip_eps).mean()
