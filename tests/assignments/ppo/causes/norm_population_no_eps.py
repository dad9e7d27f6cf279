"""standardised with the population std, no eps."""
import torch

CAUSE = r"normalised the advantages inside the loss|standardises the advantages itself"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    a = (a - a.mean()) / a.std(unbiased=False)
    ratio = (logp_new - logp_old.detach()).exp()
    s1, s2 = ratio * a, ratio.clamp(1 - clip_eps, 1 + clip_eps) * a
    return -torch.minimum(s1, s2).sum() / a.numel()
