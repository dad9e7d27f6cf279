"""ppo_clip_loss standardises the advantages with torch.std_mean first."""
CAUSE = r"normalis|standardis"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    std, mean = torch.std_mean(advantages.detach())
    adv = (advantages.detach() - mean) / (std + 1e-5)
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, adv, clip_eps).mean()
