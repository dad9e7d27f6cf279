"""The ratio in numpy."""
import numpy as np
import torch

CAUSE = r"no gradient reaches `logp_new`"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    r = np.exp(logp_new.detach().numpy() - logp_old.detach().numpy())
    ratio = torch.from_numpy(r)
    return -clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
