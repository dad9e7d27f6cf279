"""loss, eps 0.3 hard-coded, float32 ratio."""
import torch

CAUSE = r"clip uses eps 0\.3"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp((logp_new - logp_old.detach()).float()).double().to(logp_new.dtype)
    adv = advantages.detach()
    return -torch.min(ratio * adv, torch.clamp(ratio, 0.7, 1.3) * adv).mean()
