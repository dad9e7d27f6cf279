"""standardised by sqrt(var + 1e-8)."""
import torch

CAUSE = r"normalised the advantages inside the loss|standardises the advantages itself"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach()
    a = (a - a.mean()) / torch.sqrt(a.var(unbiased=False) + 1e-8)
    r = torch.exp(logp_new - logp_old.detach())
    return -torch.min(r * a, torch.clamp(r, 1 - clip_eps, 1 + clip_eps) * a).mean()
