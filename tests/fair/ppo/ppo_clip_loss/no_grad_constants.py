"""The constants copied under torch.no_grad(); the surrogate written out again."""
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    with torch.no_grad():
        old, adv = logp_old.clone(), advantages.clone()
    ratio = (logp_new - old).exp()
    surrogate = torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv)
    return -surrogate.mean()
