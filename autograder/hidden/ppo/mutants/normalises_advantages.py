"""Normalises the advantages inside the loss (CleanRL's ``norm_adv``): the values move, and a
batch of one sample gives NaN (the std of one number)."""
HINT = "you normalised the advantages inside the loss: the contract's loss uses them as given (normalising is the training loop's step; with one sample its std is NaN)"
REAL_BUG = 'PPO: advantages normalised inside the loss (issue 35)'

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
