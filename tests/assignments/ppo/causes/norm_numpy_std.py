"""numpy's mean and std as constants."""
import numpy as np
import torch

CAUSE = r"normalised the advantages inside the loss|standardises the advantages itself"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a_np = advantages.detach().numpy()
    a = (advantages.detach() - float(a_np.mean())) / (float(a_np.std()) + 1e-8)
    r = torch.exp(logp_new - logp_old.detach())
    return -torch.min(r * a, torch.clamp(r, 1 - clip_eps, 1 + clip_eps) * a).mean()
