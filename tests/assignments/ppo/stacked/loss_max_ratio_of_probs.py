"""ppo_clip_loss with the ratio as exp(logp_new) / exp(logp_old) (float32 under- and overflow
aside) and max where min belongs."""
CAUSE = r"clip"

import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new.float()) / torch.exp(logp_old.detach().float())
    a = advantages.detach().float()
    obj = torch.max(ratio * a, ratio.clamp(1 - clip_eps, 1 + clip_eps) * a)
    return -obj.mean().to(logp_new.dtype)
