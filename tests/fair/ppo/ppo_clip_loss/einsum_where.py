"""The sign form of the clip, averaged with einsum."""
import torch


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    adv = advantages.detach()
    ratio = torch.exp(logp_new - logp_old.detach())
    bound = torch.where(adv >= 0, torch.clamp(ratio, max=1 + clip_eps),
                        torch.clamp(ratio, min=1 - clip_eps))
    return -torch.einsum("b,b->", bound, adv) / adv.shape[0]
