"""Returns +mean(surrogate): the objective, not the loss to minimise."""
HINT = "the sign is flipped: the loss to MINIMISE is minus the mean clipped surrogate"
REAL_BUG = 'PPO: a sign flip (issue 35)'

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    return clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
