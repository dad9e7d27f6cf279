"""entropy bonus 0.001."""
import torch

CAUSE = r"subtracts the sampled entropy, [-+]0\.001 \*"


def ppo_clip_loss(logp_new, logp_old, advantages, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old.detach())
    adv = advantages.detach()
    pg = -torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv).mean()
    entropy = -logp_new.mean()
    return pg - 0.001 * entropy
