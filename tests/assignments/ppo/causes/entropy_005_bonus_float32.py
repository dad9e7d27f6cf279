"""entropy bonus 0.05, float32 entropy."""
import torch

CAUSE = r"subtracts the sampled entropy, [-+]0\.05 \*"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach()
    pg = -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv).mean()
    ent = (-logp_new.float()).mean().to(pg.dtype)
    return pg - 0.05 * ent
