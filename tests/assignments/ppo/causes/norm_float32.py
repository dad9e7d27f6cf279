"""standardised in float32."""
import torch

CAUSE = r"normalised the advantages inside the loss|standardises the advantages itself"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    a = advantages.detach().float()
    a = ((a - a.mean()) / (a.std() + 1e-8)).to(logp_new.dtype)
    r = torch.exp(logp_new - logp_old.detach())
    return -torch.min(r * a, torch.clamp(r, 1 - clip_eps, 1 + clip_eps) * a).mean()
