"""numpy's std (population) as a constant."""
import numpy as np
import torch

CAUSE = r"divides the advantages by their population std"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    scale = float(np.std(advantages.detach().numpy())) + 1e-8
    adv = advantages.detach() / scale
    ratio = torch.exp(logp_new - logp_old.detach())
    return -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv).mean()
