"""The objective (no minus) with the ratio from separate exps."""
import torch

CAUSE = r"underflows.*besides, the sign"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new) / torch.exp(logp_old.detach())
    return clipped_surrogate(ratio, advantages.detach(), clip_eps).mean()
