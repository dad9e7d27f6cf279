"""the loss in one piece, the product clamped between its bounds."""
import torch

CAUSE = r"clamps the product r \* A between"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    obj = torch.exp(logp_new - logp_old.detach()) * adv
    lo, hi = adv * (1.0 - clip_eps), adv * (1.0 + clip_eps)
    return -torch.min(obj, obj.clamp(min=lo, max=hi)).mean()
