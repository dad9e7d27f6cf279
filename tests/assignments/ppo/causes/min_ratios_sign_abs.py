"""RLlib issue's proposed fix: sign(A) * min(|A| r, |A| clip(r))."""
import torch

CAUSE = r"min is taken over the ratios before the advantage"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = (logp_new - logp_old.detach()).exp()
    adv = advantages.detach()
    mag = adv.abs()
    surr = torch.sign(adv) * torch.min(mag * ratio, mag * ratio.clamp(1 - clip_eps, 1 + clip_eps))
    return -surr.mean()
