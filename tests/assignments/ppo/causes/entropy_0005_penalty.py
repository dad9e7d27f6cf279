"""entropy added with coefficient 0.005."""
import torch

CAUSE = r"adds the sampled entropy, [-+]0\.005 \*"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2, ent_coef=0.005):
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach()
    loss = -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv).mean()
    return loss + ent_coef * (-logp_new).mean()
