"""Centres with numpy."""
import numpy as np
import torch

CAUSE = r"centres the advantages"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach().numpy()
    adv = torch.as_tensor(a - a.mean(), dtype=advantages.dtype)
    ratio = torch.exp(logp_new - logp_old.detach())
    return -clipped_surrogate(ratio, adv, clip_eps).mean()
